import Foundation
import PlatformAPI

/// A saved offline document that could not be read, already moved aside so the next save cannot
/// overwrite what it still holds (the user's unsynced changes may be in it).
public struct UnreadableDocument: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where the unreadable file now is.
    public let keptAt: URL
    /// Why it could not be read.
    public let reason: String

    public init(keptAt: URL, reason: String) {
        self.keptAt = keptAt
        self.reason = reason
    }

    /// Moves the unreadable file at `url` aside (`<name>.unreadable-<time>-<random>` beside it)
    /// and returns the error that says so; throws when it cannot be moved (it is left as it is).
    public static func setAside(_ url: URL, because error: any Error, at date: Date = Date()) throws -> UnreadableDocument {
        let name = "\(url.lastPathComponent).unreadable-\(Int(date.timeIntervalSince1970))-\(UUID().uuidString.prefix(8).lowercased())"
        let aside = url.deletingLastPathComponent().appendingPathComponent(name)
        try FileManager.default.moveItem(at: url, to: aside)
        return UnreadableDocument(keptAt: aside, reason: "\(error)")
    }

    public var description: String { "unreadable, kept at \(keptAt.path): \(reason)" }
}

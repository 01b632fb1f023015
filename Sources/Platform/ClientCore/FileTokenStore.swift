import Foundation
import PlatformAPI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps the session in a JSON file readable only by its owner (mode 0600), e.g.
/// `~/.config/<app>/session.json` for an app's command-line client.
public struct FileTokenStore: TokenStore {
    public let fileURL: URL

    public init(fileURL: URL) { self.fileURL = fileURL }

    /// `$XDG_CONFIG_HOME/<folder>/session.json`, else `~/.config/<folder>/session.json`.
    public static func defaultURL(folder: String) -> URL {
        let environment = ProcessInfo.processInfo.environment
        let base =
            environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(".config")
        return base.appendingPathComponent(folder).appendingPathComponent("session.json")
    }

    public func load() throws -> StoredSession? {
        guard FileManager.default.fileExists(atPath: fileURL.path) else { return nil }
        let data = try Data(contentsOf: fileURL)
        let decoder = WireFormat.decoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(StoredSession.self, from: data)
    }

    public func save(_ session: StoredSession) throws {
        let folder = fileURL.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let data = try WireFormat.encoder(pretty: true).encode(session)
        let temporary = folder.appendingPathComponent(".\(fileURL.lastPathComponent).\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: temporary.path, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
        }
        // rename(2) replaces the old file atomically; the token never sits in a world-readable file.
        guard rename(temporary.path, fileURL.path) == 0 else {
            let code = errno
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: fileURL.path, NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(code))])
        }
    }

    public func clear() throws {
        if FileManager.default.fileExists(atPath: fileURL.path) { try FileManager.default.removeItem(at: fileURL) }
    }
}

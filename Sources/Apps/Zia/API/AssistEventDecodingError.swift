import Foundation
import PlatformAPI

/// An assist stream event that could not be read (see ``AssistEvent/init(_:)``).
public struct AssistEventDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The event's type, when it named one.
    public let type: String?
    public let reason: String
    public var description: String { "Unreadable assist event\(type.map { " \($0)" } ?? ""): \(reason)" }
}

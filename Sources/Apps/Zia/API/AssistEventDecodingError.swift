import Foundation
import PlatformAPI

/// An assist stream event that could not be read (see ``AssistEvent/init(_:)``); its description is
/// its words on a screen too (`localizedDescription`).
public struct AssistEventDecodingError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// The event's type, when it named one.
    public let type: String?
    public let reason: String
    public var description: String { "Unreadable assist event\(type.map { " \($0)" } ?? ""): \(reason)" }
    public var errorDescription: String? { description }
}

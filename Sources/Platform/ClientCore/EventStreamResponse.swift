import Foundation
import PlatformAPI

/// What ``APIClient/stream(_:)`` returns once the server answered 2xx with a `text/event-stream`:
/// the response's head, and its events as they arrive. Exists so a streaming screen (a model's
/// answer word by word) reads typed events and the response's headers from one value.
public struct EventStreamResponse: Sendable {
    /// The media type a stream is asked for and must come back as.
    public static let contentType = "text/event-stream"

    /// Status and headers (the body comes through ``events``).
    public let head: HTTPResponseData
    public let events: ServerSentEvents

    public var status: Int { head.status }
}

import Foundation
import PlatformAPI
import PlatformCore
import Synchronization
import ZiaAPI
import ZiaAssistant

/// An assist stream's events as written: `event: <type>`, and `data` the object of docs/zia.md ("The stream")
/// `{"event": <type>, "data": <payload>}` — except `done`, whose `elapsed_ms` is top-level.
enum AssistEvents {
    /// The event `type` carrying `payload`.
    static func event(_ type: AssistEventType, _ payload: some Encodable) throws -> ServerSentEvent {
        let data = String(decoding: try JSONEncoder.api.encode(payload), as: UTF8.self)
        return ServerSentEvent(event: type.rawValue, data: #"{"event":"\#(type.rawValue)","data":\#(data)}"#)
    }

    /// The last event: `{"event":"done","elapsed_ms":…}`.
    static func done(elapsedMs: Int) -> ServerSentEvent {
        ServerSentEvent(event: AssistEventType.done.rawValue, data: #"{"event":"done","elapsed_ms":\#(elapsedMs)}"#)
    }

    /// An `error` event whose data is the API's error body for `error`.
    static func error(_ error: any Error) -> ServerSentEvent {
        let body = String(decoding: EventStream.apiError(for: error).jsonBody, as: UTF8.self)
        return ServerSentEvent(event: AssistEventType.error.rawValue, data: #"{"event":"error","data":\#(body)}"#)
    }

    /// How an assist stream ends on an error it did not send itself (the server stopping, a
    /// reconnect): the `error` event, then `done`, numbered by the stream's `ids` when it has them.
    static func ending(ids: AssistEventIDs? = nil, elapsedMs: @escaping @Sendable () -> Int) -> EventStream.Ending {
        { [error($0), done(elapsedMs: elapsedMs())].map { ids?.stamp($0) ?? $0 } }
    }

    /// What a run reports while it works.
    static func progress(_ progress: AssistProgress) throws -> ServerSentEvent {
        switch progress {
        case .status(let text): return try event(.status, text)
        case .token(let text): return try event(.token, text)
        case .toolCall(let name, let args): return try event(.toolCall, ToolCall(name: name, args: args))
        case .toolResult(let count): return try event(.toolResult, ToolResult(count: count))
        }
    }

    /// A `tool_call` event's data: `{"name": "fetch_recipes", "args": {…}}`.
    struct ToolCall: Encodable {
        var name: String
        var args: [String: JSONValue]
    }

    /// A `tool_result` event's data: `{"count": n}`.
    struct ToolResult: Encodable {
        var count: Int
    }
}

import Foundation
import PlatformAPI

/// One event of an assist stream, typed: what a client reads from `POST /zia/v1/assist/stream`.
/// Exists so the SDK, the CLI and tests read the `{"event", "data"}` objects of docs/zia.md ("The stream") one way; an
/// event this contract does not know (a newer server) is ``unknown(type:data:)``, never a failure.
public enum AssistEvent: Sendable, Equatable {
    /// First: who the run is for and the conversation it belongs to.
    case context(AssistContext)
    /// Progress to show apart from the answer ("Finding recipes…").
    case status(String)
    /// The next piece of the answer's text.
    case token(String)
    case toolCall(name: String, args: [String: JSONValue])
    case toolResult(count: Int)
    /// The answer, whole, with what the agent built (plan, recipes, grocery list, routine, chores).
    case final(AssistFinal)
    case refusal(AssistRefusal)
    case quotaExceeded(AssistQuotaExceeded)
    /// Something went wrong after the stream opened: the platform's error body.
    case error(ErrorEnvelope.Body)
    /// Always last.
    case done(elapsedMs: Int)
    /// A type this contract does not know, with its `data`.
    case unknown(type: String, data: JSONValue?)

    /// The event's type as the wire spells it.
    public var type: String {
        switch self {
        case .context: AssistEventType.context.rawValue
        case .status: AssistEventType.status.rawValue
        case .token: AssistEventType.token.rawValue
        case .toolCall: AssistEventType.toolCall.rawValue
        case .toolResult: AssistEventType.toolResult.rawValue
        case .final: AssistEventType.final.rawValue
        case .refusal: AssistEventType.refusal.rawValue
        case .quotaExceeded: AssistEventType.quotaExceeded.rawValue
        case .error: AssistEventType.error.rawValue
        case .done: AssistEventType.done.rawValue
        case .unknown(let type, _): type
        }
    }

    /// Whether the run is over (`done`): nothing follows it.
    public var isDone: Bool { if case .done = self { true } else { false } }

    /// Reads one server-sent event: its `data` is the documented object (`event` names the type, as the
    /// SSE `event:` field does; the object's wins when both are present). Throws
    /// ``AssistEventDecodingError`` when the data is not that object or a known type's payload is
    /// not its shape.
    public init(_ event: ServerSentEvent) throws {
        let object: [String: JSONValue]
        do {
            guard case .object(let read) = try JSONDecoder().decode(JSONValue.self, from: Data(event.data.utf8)) else {
                throw AssistEventDecodingError(type: event.event, reason: "its data is not a JSON object")
            }
            object = read
        } catch let error as AssistEventDecodingError {
            throw error
        } catch {
            throw AssistEventDecodingError(type: event.event, reason: "its data is not JSON")
        }
        var type = event.event
        if case .string(let named)? = object["event"] { type = named }
        guard let type else { throw AssistEventDecodingError(type: nil, reason: "it names no event type") }
        let data = object["data"]
        func payload<T: Decodable>(_: T.Type) throws -> T {
            do {
                return try JSONDecoder.assistEvents.decode(T.self, from: try JSONEncoder().encode(data ?? .null))
            } catch {
                throw AssistEventDecodingError(type: type, reason: "its data is not a \(T.self): \(error)")
            }
        }
        switch AssistEventType(rawValue: type) {
        case .context: self = .context(try payload(AssistContext.self))
        case .status: self = .status(try payload(String.self))
        case .token: self = .token(try payload(String.self))
        case .toolCall:
            struct Call: Decodable {
                var name: String
                var args: [String: JSONValue]?
            }
            let call = try payload(Call.self)
            self = .toolCall(name: call.name, args: call.args ?? [:])
        case .toolResult:
            struct Result: Decodable { var count: Int }
            self = .toolResult(count: try payload(Result.self).count)
        case .final: self = .final(try payload(AssistFinal.self))
        case .refusal: self = .refusal(try payload(AssistRefusal.self))
        case .quotaExceeded: self = .quotaExceeded(try payload(AssistQuotaExceeded.self))
        case .error:
            // The platform's envelope `{"error": {code, message}}`, or its inside alone.
            if case .object(let inner)? = data, inner["error"] != nil {
                self = .error(try payload(ErrorEnvelope.self).error)
            } else {
                self = .error(try payload(ErrorEnvelope.Body.self))
            }
        case .done:
            var elapsed = 0
            if case .number(let ms)? = object["elapsed_ms"], ms.isFinite { elapsed = Int(ms) }
            self = .done(elapsedMs: elapsed)
        case nil: self = .unknown(type: type, data: data)
        }
    }
}

extension JSONDecoder {
    /// Reads assist event payloads: dates as the API writes them (ISO 8601, fractional seconds or not).
    static var assistEvents: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            guard let date = ISO8601.date(from: text) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not an ISO 8601 instant: \(text)"))
            }
            return date
        }
        return decoder
    }
}

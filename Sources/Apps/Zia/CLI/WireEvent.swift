import ArgumentParser
import CLISupport
import Foundation
import ZiaClient

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An assist event as the API writes it on the stream: `{"event": type, "data": …}` (`done` with
/// its `elapsed_ms`), one compact line, keys sorted.
enum WireEvent {
    static func line(_ event: AssistEvent) throws -> String {
        var object: [String: JSONValue] = ["event": .string(event.type)]
        switch event {
        case .context(let context): object["data"] = try value(context)
        case .status(let text), .token(let text): object["data"] = .string(text)
        case .toolCall(let name, let args): object["data"] = .object(["name": .string(name), "args": .object(args)])
        case .toolResult(let count): object["data"] = .object(["count": .number(Double(count))])
        case .final(let final): object["data"] = try value(final)
        case .refusal(let refusal): object["data"] = try value(refusal)
        case .quotaExceeded(let quota): object["data"] = try value(quota)
        case .error(let body): object["data"] = try value(ErrorEnvelope(error: body))
        case .done(let elapsed): object["elapsed_ms"] = .number(Double(elapsed))
        case .unknown(_, let data): object["data"] = data ?? .null
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(JSONValue.object(object)), as: UTF8.self)
    }
}

/// `value` as JSON, dates as the API writes them.
func value(_ value: some Encodable) throws -> JSONValue {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .custom { date, encoder in
        var container = encoder.singleValueContainer()
        try container.encode(WireFormat.formatDate(date))
    }
    return try JSONDecoder().decode(JSONValue.self, from: encoder.encode(value))
}

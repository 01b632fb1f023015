import Foundation

/// A JSON document held as a value: a field of a wire type that takes any JSON (a feedback's
/// `payload`), and the body of a queued client operation, so the outbox can
/// change the fields it knows by name (a temporary id becoming the server's) as values, never by
/// editing text; it is written back with sorted keys, so the same operation is the same bytes every
/// time it is sent (an `Idempotency-Key` replay must match its first request).
public enum JSONValue: Codable, Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try Self.number(in: container) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// The number the container holds; nil for another type. A number no `Double` holds (`1e400`)
    /// fails the decode as Foundation fails it (no path: the request decoder then names the field
    /// and says it is out of range) instead of being taken for some other type.
    static func number(in container: any SingleValueDecodingContainer) throws -> Double? {
        do {
            return try container.decode(Double.self)
        } catch is DecodingError {
            return nil
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The JSON document `data` holds.
    public init(parsing data: Data) throws {
        self = try JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// The document as bytes, keys sorted.
    public func data() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    /// The value of a top-level field (nil when absent or not an object).
    public subscript(field: String) -> JSONValue? {
        guard case .object(let fields) = self else { return nil }
        return fields[field]
    }

    /// Whether top-level field `field` names `id` (an id string, in any letter case, or a list holding one).
    public func names(_ id: UUID, in field: String) -> Bool {
        switch self[field] {
        case .string(let text)?: UUID(parsing: text) == id
        case .array(let items)?: items.contains { if case .string(let text) = $0 { UUID(parsing: text) == id } else { false } }
        default: false
        }
    }

    /// Replaces `old` by `replacement` in the top-level fields named `fields` (a field holding
    /// the id, or a list of ids holding it); other fields, and ids elsewhere, are left alone.
    public mutating func replaceID(_ old: UUID, by replacement: JSONValue, in fields: [String]) {
        guard case .object(var object) = self else { return }
        for field in fields {
            switch object[field] {
            case .string(let text)? where UUID(parsing: text) == old:
                object[field] = replacement
            case .array(let items)?:
                object[field] = .array(
                    items.compactMap { item in
                        guard case .string(let text) = item, UUID(parsing: text) == old else { return item }
                        return replacement == .null ? nil : replacement
                    })
            default: continue
            }
        }
        self = .object(object)
    }
}

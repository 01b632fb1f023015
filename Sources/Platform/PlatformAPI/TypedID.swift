import Foundation

/// A UUID that knows what it identifies, so a hint's ID cannot be passed where a milestone's is expected.
/// Declared once for the server and every client SDK; on the wire it is the plain lower-case UUID string.
public struct TypedID<Entity>: Hashable, Sendable, Codable, CustomStringConvertible, Comparable {
    public let uuid: UUID

    public init(_ uuid: UUID = .random()) { self.uuid = uuid }

    /// Parses the canonical 36-character UUID form in either case; nil for anything else.
    public init?(_ text: String) {
        guard let uuid = UUID(parsing: text) else { return nil }
        self.uuid = uuid
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard let uuid = UUID(parsing: try container.decode(String.self)) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Expected a UUID.")
        }
        self.uuid = uuid
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(uuid.lowercasedString)
    }

    public var description: String { uuid.lowercasedString }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.uuid.uuidString < rhs.uuid.uuidString }
}

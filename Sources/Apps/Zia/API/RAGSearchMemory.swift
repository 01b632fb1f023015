import Foundation

/// One of the caller's memories as a search returns it.
public struct RAGSearchMemory: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case id, key, kind, value }
    public var id: UUID
    public var key: String
    public var kind: String
    public var value: String

    /// The id in the API's lower-case form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id.lowercasedString, forKey: .id)
        try container.encode(key, forKey: .key)
        try container.encode(kind, forKey: .kind)
        try container.encode(value, forKey: .value)
    }

    public init(id: UUID, key: String, kind: String, value: String) {
        self.id = id
        self.key = key
        self.kind = kind
        self.value = value
    }
}

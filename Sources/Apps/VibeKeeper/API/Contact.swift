import Foundation
import PlatformAPI

/// A person, with the other names the user calls them by.
public struct Contact: Codable, Sendable, Equatable, Identifiable {
    enum CodingKeys: String, CodingKey {
        case id, name, relationship, preferences, notes, aliases, createdAt = "created_at", updatedAt = "updated_at"
    }
    public var id: ContactID
    public var name: String
    public var relationship: String?
    /// Free-form likes and dislikes (a JSON object of strings).
    public var preferences: [String: String]
    public var notes: String?
    /// "Mom", "mum", "my mother": names a capture may use for this person.
    public var aliases: [String]
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        id: ContactID, name: String, relationship: String? = nil, preferences: [String: String] = [:], notes: String? = nil, aliases: [String] = [],
        createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.name = name
        self.relationship = relationship
        self.preferences = preferences
        self.notes = notes
        self.aliases = aliases
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// Absent values are sent as `null`, so clients always see every field.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encodeNullable(relationship, forKey: .relationship, in: encoder)
        try container.encode(preferences, forKey: .preferences)
        try container.encodeNullable(notes, forKey: .notes, in: encoder)
        try container.encode(aliases, forKey: .aliases)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
    }
}

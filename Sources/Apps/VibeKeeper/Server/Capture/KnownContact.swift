import Foundation

/// A person the extractor can recognise in a capture: the user's contact with its aliases
/// ("Mom", "mum", "my mother") and the occasions it knows ("her birthday").
public struct KnownContact: Sendable, Equatable {
    public var id: UUID
    public var name: String
    public var relationship: String?
    public var aliases: [String]
    /// Month and day of each named occasion (`"birthday"` → 3/5).
    public var occasions: [String: (month: Int, day: Int)]

    public init(id: UUID, name: String, relationship: String? = nil, aliases: [String] = [], occasions: [String: (month: Int, day: Int)] = [:]) {
        self.id = id
        self.name = name
        self.relationship = relationship
        self.aliases = aliases
        self.occasions = occasions
    }

    public static func == (lhs: KnownContact, rhs: KnownContact) -> Bool {
        lhs.id == rhs.id && lhs.name == rhs.name && lhs.relationship == rhs.relationship && lhs.aliases == rhs.aliases
            && lhs.occasions.mapValues { [$0.month, $0.day] } == rhs.occasions.mapValues { [$0.month, $0.day] }
    }
}

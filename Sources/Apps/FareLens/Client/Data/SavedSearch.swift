import Foundation

/// A search the user kept, with the name they gave it.
public struct SavedSearch: Codable, Sendable, Equatable, Identifiable {
    public var id: UUID
    public var name: String
    public var criteria: SearchCriteria
    public var savedAt: Date

    public init(id: UUID = UUID(), name: String, criteria: SearchCriteria, savedAt: Date) {
        self.id = id
        self.name = name
        self.criteria = criteria
        self.savedAt = savedAt
    }
}

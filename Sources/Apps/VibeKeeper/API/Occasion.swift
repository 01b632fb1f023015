import Foundation
import PlatformAPI

/// A contact's occasion. Recurring occasions come back every year (29 February on 28 February in
/// other years).
public struct Occasion: Codable, Sendable, Equatable, Identifiable {
    enum CodingKeys: String, CodingKey {
        case id, contactId = "contact_id", name, date, recurring, createdAt = "created_at", updatedAt = "updated_at"
    }
    public var id: OccasionID
    public var contactId: ContactID
    public var name: String
    /// `YYYY-MM-DD`.
    public var date: LocalDate
    public var recurring: Bool
    public var createdAt: Date
    public var updatedAt: Date

    public init(id: OccasionID, contactId: ContactID, name: String, date: LocalDate, recurring: Bool = true, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.contactId = contactId
        self.name = name
        self.date = date
        self.recurring = recurring
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

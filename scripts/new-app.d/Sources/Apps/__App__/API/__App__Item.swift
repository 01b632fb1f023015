import Foundation
import PlatformAPI

/// One of a user's items, as the API answers it.
public struct __App__Item: Codable, Sendable, Equatable, Identifiable {
    enum CodingKeys: String, CodingKey { case id, title, notes, createdAt = "created_at" }
    public var id: __App__ItemID
    public var title: String
    public var notes: String?
    public var createdAt: Date

    public init(id: __App__ItemID, title: String, notes: String?, createdAt: Date) {
        self.id = id
        self.title = title
        self.notes = notes
        self.createdAt = createdAt
    }
}

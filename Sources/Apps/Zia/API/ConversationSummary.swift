import Foundation
import PlatformAPI

/// A conversation as `GET /conversations` lists it: its title (from the first goal) and times.
public struct ConversationSummary: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case id, title, createdAt = "created_at", updatedAt = "updated_at" }
    public var id: ConversationID
    public var title: String
    public var createdAt: Date
    public var updatedAt: Date

    public init(id: ConversationID, title: String, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.title = title
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

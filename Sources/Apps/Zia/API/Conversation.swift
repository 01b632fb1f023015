import Foundation
import PlatformAPI

/// A conversation with its messages, oldest first (`GET /conversations/{id}`, the export).
public struct Conversation: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case id, title, createdAt = "created_at", updatedAt = "updated_at", messages }
    public var id: ConversationID
    public var title: String
    public var createdAt: Date
    public var updatedAt: Date
    public var messages: [ConversationMessage]

    public init(summary: ConversationSummary, messages: [ConversationMessage]) {
        id = summary.id
        title = summary.title
        createdAt = summary.createdAt
        updatedAt = summary.updatedAt
        self.messages = messages
    }

    public var summary: ConversationSummary { ConversationSummary(id: id, title: title, createdAt: createdAt, updatedAt: updatedAt) }
}

import Foundation
import PlatformAPI

/// One message of a conversation: the user's goal, or the assistant's final text or refusal text
/// (with the run that produced it).
public struct ConversationMessage: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case id, role, content, runID = "run_id", createdAt = "created_at" }
    public var id: MessageID
    public var role: ConversationRole
    public var content: String
    /// The assist run the message belongs to.
    public var runID: RunID?
    public var createdAt: Date

    public init(id: MessageID, role: ConversationRole, content: String, runID: RunID?, createdAt: Date) {
        self.id = id
        self.role = role
        self.content = content
        self.runID = runID
        self.createdAt = createdAt
    }
}

import Foundation
import PlatformAPI

/// The marker type of ``ConversationID``.
public enum ConversationEntity {}
/// A conversation's id: `conversation_id` of an assist request, `{id}` of the conversation routes.
public typealias ConversationID = TypedID<ConversationEntity>

extension ConversationEntity: NamedEntity {
    public static var entityName: String { "Conversation" }
    public static var notFoundCode: String { "conversation_not_found" }
}

/// Who wrote a message of a conversation: the user's goal, or the assistant's answer.
public enum ConversationRole: String, Codable, Sendable, CaseIterable {
    case user, assistant
}

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

/// A `context` event's data, the first of every assist stream: the account and household the run
/// plans with, and the ids of the conversation and run it belongs to.
public struct AssistContext: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case profile, household, conversationID = "conversation_id", runID = "run_id", foodRules = "food_rules" }
    public var profile: ZiaUser
    public var household: HouseholdProfile
    public var conversationID: ConversationID
    public var runID: RunID
    /// How the run reads the household's food rules (absent from servers that predate it).
    public var foodRules: FoodRules?

    public init(profile: ZiaUser, household: HouseholdProfile, conversationID: ConversationID, runID: RunID, foodRules: FoodRules? = nil) {
        self.profile = profile
        self.household = household
        self.conversationID = conversationID
        self.runID = runID
        self.foodRules = foodRules
    }
}

/// The marker type of ``RunID``.
public enum AgentRunEntity {}
/// An assist run's id: `run_id` of the `context` event, of messages and of feedback.
public typealias RunID = TypedID<AgentRunEntity>

extension AgentRunEntity: NamedEntity {
    public static var entityName: String { "Run" }
    public static var notFoundCode: String { "run_not_found" }
}

/// The marker type of ``MessageID``.
public enum ConversationMessageEntity {}
/// A conversation message's id.
public typealias MessageID = TypedID<ConversationMessageEntity>

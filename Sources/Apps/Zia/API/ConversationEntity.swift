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

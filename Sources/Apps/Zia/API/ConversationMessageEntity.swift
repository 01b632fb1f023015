import Foundation
import PlatformAPI

/// The marker type of ``MessageID``.
public enum ConversationMessageEntity {}

/// A conversation message's id.
public typealias MessageID = TypedID<ConversationMessageEntity>

import Foundation
import PlatformAPI

/// Who wrote a message of a conversation: the user's goal, or the assistant's answer.
public enum ConversationRole: String, Codable, Sendable, CaseIterable {
    case user, assistant
}

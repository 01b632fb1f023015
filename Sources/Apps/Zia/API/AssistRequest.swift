import Foundation
import PlatformAPI

/// `POST /zia/v1/assist/stream`'s body.
public struct AssistRequest: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case goal, mode, conversationID = "conversation_id" }
    public var goal: String
    public var mode: AssistMode?
    /// Continues a conversation of the caller's; absent: a new one.
    public var conversationID: UUID?

    public init(goal: String, mode: AssistMode? = nil, conversationID: UUID? = nil) {
        self.goal = goal
        self.mode = mode
        self.conversationID = conversationID
    }
}

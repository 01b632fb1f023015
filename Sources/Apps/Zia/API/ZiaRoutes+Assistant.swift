import Foundation
import PlatformAPI

extension ZiaRoutes {
    /// The assistant: a goal in, a `text/event-stream` of the run out (``AssistEventType``). What is
    /// wrong with the request is an HTTP status before the stream opens (401, 404, 422, 429); what
    /// goes wrong after is an `error` event, then `done`.
    public static let assistStream = Route<NoParameter, AssistRequest, RawBody>(.post, root, "/assist/stream")
    /// The caller's conversations, newest first, a page at a time (`limit`, `cursor`; `X-Next-Cursor`).
    public static let conversations = Route<NoParameter, NoBody, [ConversationSummary]>.Querying<PageQuery<ConversationPages>>(.get, root, "/conversations")
    /// One of the caller's conversations with its messages; anyone else's is a 404.
    public static let conversation = Route<ConversationID, NoBody, Conversation>(.get, root, "/conversations/{id}")
    /// Deletes one of the caller's conversations and its messages (its runs stay, for the quota).
    public static let deleteConversation = Route<ConversationID, NoBody, NoContent>(.delete, root, "/conversations/{id}")

    /// The assistant routes, for all.
    public static let assistantRoutes: [RouteShape] = [assistStream.shape, conversations.shape, conversation.shape, deleteConversation.shape]

    /// The conversation list's page sizes (20, at most 100).
    public enum ConversationPages: PageSize {
        public static let defaultLimit = ZiaRules.defaultConversationPage
        public static let maxLimit = ZiaRules.maxConversationPage
    }
}

extension AssistRequest {
    /// The body as sent, before ``check(_:)``: every field optional and loosely typed, so that what
    /// is missing or wrong is a 422 naming it rather than a decoding failure.
    public struct Input: Decodable, Sendable, Equatable {
        enum CodingKeys: String, CodingKey { case goal, mode, conversationID = "conversation_id" }
        public var goal: String?
        public var mode: String?
        public var conversationID: String?

        public init(goal: String? = nil, mode: String? = nil, conversationID: String? = nil) {
            self.goal = goal
            self.mode = mode
            self.conversationID = conversationID
        }
    }

    /// `goal` trimmed, not blank, at most ``ZiaRules/maxGoalLength`` characters; `mode` one of
    /// ``AssistMode`` when given; `conversation_id` a UUID when given.
    public static func check(_ input: Input) -> Checked<AssistRequest> {
        var v = Validator()
        let goal = v.requireText(input.goal, "goal", maxLength: ZiaRules.maxGoalLength)
        let mode = input.mode.flatMap { v.requireEnum($0, "mode", as: AssistMode.self) }
        var conversation: UUID?
        if let raw = input.conversationID {
            conversation = UUID(parsing: raw)
            v.check(conversation != nil, "conversation_id", "must be a conversation's id (a UUID)")
        }
        return .from(v) { AssistRequest(goal: goal ?? "", mode: mode, conversationID: conversation) }
    }

}

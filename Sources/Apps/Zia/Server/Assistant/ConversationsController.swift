import AppPlatform
import Foundation
import Hummingbird
import PlatformCore
import ZiaAPI

/// `GET /conversations` (newest first, paged), `GET /conversations/{id}` (with its messages) and
/// `DELETE /conversations/{id}`: the caller's own; anyone else's is the 404 a missing one is.
public struct ConversationsController: Sendable {
    let conversations: ConversationRepository
    let paging: ListPaging

    /// - Parameter cursorSecret: the server secret the list's cursors are signed with.
    public init(conversations: ConversationRepository, cursorSecret: Data) {
        self.conversations = conversations
        paging = ListPaging(secret: cursorSecret, list: "zia.conversations")
    }

    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        api.on(ZiaRoutes.conversations, checkingFurther: list)
        api.on(ZiaRoutes.conversation, use: read)
        api.on(ZiaRoutes.deleteConversation, use: delete)
    }

    @Sendable func list(
        _ request: Request, _ context: AuthenticatedContext, _: NoParameter, _ query: QueryReading<PageQuery<ZiaRoutes.ConversationPages>>
    ) async throws -> EditedResponse<[ConversationSummary]> {
        let page = try paging.page(query, for: context.userID)
        let found = try await conversations.page(for: context.userID, limit: page.limit, cursor: page.cursor)
        return paging.response(found.conversations, next: found.next, for: context.userID)
    }

    @Sendable func read(_ request: Request, _ context: AuthenticatedContext, _ id: ConversationID) async throws -> Conversation {
        guard let conversation = try await conversations.conversation(id, for: context.userID) else { throw Self.notFound }
        return conversation
    }

    @Sendable func delete(_ request: Request, _ context: AuthenticatedContext, _ id: ConversationID) async throws -> NoContent {
        guard try await conversations.delete(id, for: context.userID) else { throw Self.notFound }
        return NoContent()
    }

    static var notFound: APIError { APIError.notFound(ConversationID.notFoundName, code: ConversationID.notFoundCode) }
}

extension Conversation: ResponseEncodable {}
extension ConversationSummary: ResponseEncodable {}

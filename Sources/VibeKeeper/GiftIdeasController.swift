import Foundation
import HTTPTypes
import Hummingbird
import Persistence
import PlatformCore
import VibeKeeperAPI

/// `/gift-ideas…` (seed 3.3): list with filters and paging, create, read, partial update, delete.
public struct GiftIdeasController: Sendable {
    let ideas: GiftIdeaRepository
    let reminders: ReminderService?
    let search: IdeaSearch?
    let library: MediaLibrary?
    let paging: ListPaging

    /// - Parameter cursorSecret: the server secret the list's cursors are signed with.
    public init(ideas: GiftIdeaRepository, cursorSecret: Data, reminders: ReminderService? = nil, search: IdeaSearch? = nil, library: MediaLibrary? = nil) {
        self.paging = ListPaging(secret: cursorSecret, list: "gift-ideas")
        self.library = library
        self.ideas = ideas
        self.reminders = reminders
        self.search = search
    }

    /// The header carrying the next page's cursor of `GET /gift-ideas` (absent on the last page);
    /// the body stays the seed's plain array.
    public static let nextCursorHeader = HTTPField.Name("X-Next-Cursor")!

    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        let routes = api.group("gift-ideas")
        routes.get { request, context -> EditedResponse<[GiftIdea]> in
            var v = Validator()
            let query = request.uri.queryParameters
            let filter = GiftIdeaFilter.parse({ query.get($0).map { String($0) } }, &v)
            let page = paging.parse(query, for: context.userID, &v)
            try v.throwIfInvalid()
            let found = try await ideas.list(for: context.userID, filter: filter, limit: page.limit, cursor: page.cursor)
            return paging.response(found.ideas, next: found.nextCursor, for: context.userID)
        }
        routes.post { request, context -> EditedResponse<GiftIdea> in
            let new = try NewGiftIdea.check(try await request.decode(as: NewGiftIdea.Input.self, context: context)).get()
            let idea = try await Self.recipientChecked { try await ideas.create(new, for: context.userID) }
            await reminders?.sync(idea: idea.id, for: context.userID)
            await search?.refresh(idea.id, for: context.userID)
            return tagged(idea, updatedAt: idea.updatedAt, status: .created)
        }
        routes.get(":id") { _, context -> EditedResponse<GiftIdea> in
            guard let idea = try await ideas.find(try Self.ideaID(context), for: context.userID) else { throw Self.ideaNotFound }
            return tagged(idea, updatedAt: idea.updatedAt)
        }
        routes.put(":id") { request, context -> EditedResponse<GiftIdea> in
            let id = try Self.ideaID(context)
            let input = try await request.decode(as: GiftIdeaChanges.Input.self, context: context)
            let ifMatch = IfMatch(request, entity: Self.entity)
            guard let idea = try await Self.recipientChecked({ try await ideas.update(id, for: context.userID, with: input, ifMatch: ifMatch) }) else {
                throw Self.ideaNotFound
            }
            await reminders?.sync(idea: idea.id, for: context.userID)
            await search?.refresh(idea.id, for: context.userID)
            return tagged(idea, updatedAt: idea.updatedAt)
        }
        routes.delete(":id") { request, context -> Response in
            let id = try Self.ideaID(context)
            guard let keys = try await ideas.deleteReturningMedia(id, for: context.userID, ifMatch: IfMatch(request, entity: Self.entity)) else { throw Self.ideaNotFound }
            await library?.deleteFiles(keys)
            await search?.remove(id)
            return Response(status: .noContent)
        }
    }

    static let ideaNotFound = APIError.notFound("Gift idea", code: "gift_idea_not_found")
    /// What a 412 calls it.
    static let entity = "gift idea"

    static func ideaID(_ context: AuthenticatedContext) throws -> GiftIdeaID { try pathID(context, notFound: ideaNotFound) }

    /// A recipient that is not the caller's contact is a 404, as a missing contact is.
    static func recipientChecked<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch is GiftIdeaRepository.RecipientNotFound {
            throw ContactsController.contactNotFound
        }
    }
}

extension GiftIdea: ResponseEncodable {}

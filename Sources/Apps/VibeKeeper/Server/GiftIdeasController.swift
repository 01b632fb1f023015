import AppPlatform
import Foundation
import HTTPTypes
import Hummingbird
import Persistence
import PlatformCore
import VibeKeeperAPI

/// Gift ideas (docs/vibekeeper.md, "API"): list with filters and paging, create, read, partial update, delete.
public struct GiftIdeasController: Sendable {
    let ideas: GiftIdeaRepository
    let effects: WriteEffects
    let paging: ListPaging

    /// - Parameter cursorSecret: the server secret the list's cursors are signed with.
    public init(ideas: GiftIdeaRepository, cursorSecret: Data, effects: WriteEffects) {
        self.paging = ListPaging(secret: cursorSecret, list: "vibekeeper.gift-ideas")
        self.ideas = ideas
        self.effects = effects
    }

    /// The header carrying the next page's cursor of `GET /gift-ideas` (absent on the last page);
    /// the body stays a plain array (docs/vibekeeper.md, "API").
    public static let nextCursorHeader = ListPaging.nextCursorHeader

    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        api.on(VibeKeeperRoutes.giftIdeas, checkingFurther: list)
        api.on(VibeKeeperRoutes.createGiftIdea, edited: create)
        api.on(VibeKeeperRoutes.giftIdea, edited: read)
        api.on(VibeKeeperRoutes.updateGiftIdea, edited: update)
        api.on(VibeKeeperRoutes.deleteGiftIdea, use: delete)
    }

    @Sendable func list(
        _ request: Request, _ context: AuthenticatedContext, _: NoParameter, _ reading: QueryReading<GiftIdeaQuery>
    ) async throws -> EditedResponse<[GiftIdea]> {
        let (filter, page) = try reading.checked { query, v in (query.filter, paging.page(query.page, for: context.userID, &v)) }.get()
        let found = try await ideas.list(for: context.userID, filter: filter, limit: page.limit, cursor: page.cursor)
        return paging.response(found.ideas, next: found.nextCursor, for: context.userID)
    }

    @Sendable func create(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> EditedResponse<GiftIdea> {
        let new = try NewGiftIdea.check(try await request.decode(as: NewGiftIdea.Input.self, context: context)).get()
        let idea = try await ideas.create(new, for: context.userID)
        await effects.ideaSaved(idea.id, for: context.userID)
        return tagged(idea, updatedAt: idea.updatedAt, status: .created)
    }

    @Sendable func read(_ request: Request, _ context: AuthenticatedContext, _ id: GiftIdeaID) async throws -> EditedResponse<GiftIdea> {
        guard let idea = try await ideas.find(id, for: context.userID) else { throw Self.ideaNotFound }
        return tagged(idea, updatedAt: idea.updatedAt)
    }

    @Sendable func update(_ request: Request, _ context: AuthenticatedContext, _ id: GiftIdeaID) async throws -> EditedResponse<GiftIdea> {
        let input = try await request.decode(as: GiftIdeaChanges.Input.self, context: context)
        let ifMatch = IfMatch(request, entity: Self.entity)
        guard let idea = try await ideas.update(id, for: context.userID, with: input, ifMatch: ifMatch) else {
            throw Self.ideaNotFound
        }
        await effects.ideaSaved(idea.id, for: context.userID)
        return tagged(idea, updatedAt: idea.updatedAt)
    }

    @Sendable func delete(_ request: Request, _ context: AuthenticatedContext, _ id: GiftIdeaID) async throws -> NoContent {
        guard let keys = try await ideas.deleteReturningMedia(id, for: context.userID, ifMatch: IfMatch(request, entity: Self.entity)) else { throw Self.ideaNotFound }
        await effects.ideaDeleted(id, files: keys)
        return NoContent()
    }

    static let ideaNotFound = APIError.notFound("Gift idea", code: "gift_idea_not_found")
    /// What a 412 calls it.
    static let entity = "gift idea"
}

extension GiftIdea: ResponseEncodable {}

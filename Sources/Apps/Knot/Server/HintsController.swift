import AppPlatform
import Auth
import Foundation
import Hummingbird
import Persistence
import PlatformCore

/// Hints: add, page, search by meaning, delete (docs/knot.md, "API").
public struct HintsController: Sendable {
    let hints: HintRepository
    /// `limit` and `cursor` as every list parses them; the hint page adds `offset` (docs/knot.md, "API") and
    /// keeps its page object (`hints`, `total`, `next_cursor`).
    let paging: ListPaging

    public init(hints: HintRepository) {
        self.hints = hints
        self.paging = ListPaging(cursors: hints.cursors)
    }

    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        api.on(KnotRoutes.addHint, use: add)
        api.on(KnotRoutes.hints, checkingFurther: list)
        api.on(KnotRoutes.searchHints, use: search)
        api.on(KnotRoutes.deleteHint, use: delete)
    }

    @Sendable func add(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> Hint {
        let body = try NewHint.check(try await request.decode(as: NewHint.Input.self, context: context)).get()
        guard let hint = try await hints.create(text: body.hintText, source: body.source, user: context.userID) else {
            throw APIError(.notFound, code: "vault_not_found", message: "Create a partner vault before adding hints.")
        }
        return hint
    }

    /// The page's JSON is written as its rows are read (`HintRepository.listJSON`).
    @Sendable func list(_ request: Request, _ context: AuthenticatedContext, _: NoParameter, _ reading: QueryReading<HintListQuery>) async throws -> Response {
        let (page, offset) = try reading.checked { query, v in (paging.page(query.page, for: context.userID, &v), query.offset) }.get()
        guard let json = try await hints.listJSON(for: context.userID, limit: page.limit, cursor: page.cursor, offset: offset) else { throw VaultController.noVault }
        return APIResponseEncoder.response(json: json)
    }

    @Sendable func search(_ request: Request, _ context: AuthenticatedContext, _: NoParameter, _ query: HintSearchQuery) async throws -> HintSearchResult {
        let results = try await hints.search(query.q, for: context.userID, limit: query.limit)
        return HintSearchResult(query: query.q, hints: results, total: results.count, embedder: hints.embedder.model)
    }

    @Sendable func delete(_ request: Request, _ context: AuthenticatedContext, _ id: HintID) async throws -> NoContent {
        guard try await hints.delete(id, for: context.userID) else { throw APIError.notFound("Hint", code: "hint_not_found") }
        return NoContent()
    }
}

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
        api.on(KnotRoutes.hints, responding: list)
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
    @Sendable func list(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> Response {
        var validator = Validator()
        let page = paging.parse(request.uri.queryParameters, for: context.userID, &validator)
        let offset = validator.queryInteger(request.uri.queryParameters.get("offset").map { String($0) }, "offset", default: 0, range: 0...1_000_000)
        try validator.throwIfInvalid()
        guard let json = try await hints.listJSON(for: context.userID, limit: page.limit, cursor: page.cursor, offset: offset) else { throw VaultController.noVault }
        return APIResponseEncoder.response(json: json)
    }

    @Sendable func search(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> HintSearchResult {
        var validator = Validator()
        let query = validator.requireText(request.uri.queryParameters.get("q"), "q", maxLength: KnotCatalog.maxHintLength)
        let limit = validator.queryInteger(request.uri.queryParameters.get("limit").map { String($0) }, "limit", default: 10, range: 1...50)
        try validator.throwIfInvalid()
        let results = try await hints.search(query!, for: context.userID, limit: limit)
        return HintSearchResult(query: query!, hints: results, total: results.count, embedder: hints.embedder.model)
    }

    @Sendable func delete(_ request: Request, _ context: AuthenticatedContext, _ id: HintID) async throws -> NoContent {
        guard try await hints.delete(id, for: context.userID) else { throw APIError.notFound("Hint", code: "hint_not_found") }
        return NoContent()
    }
}

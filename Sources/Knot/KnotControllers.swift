import AppPlatform
import Auth
import Foundation
import Hummingbird
import Persistence
import PlatformCore

extension Vault: ResponseEncodable {}
extension HintSearchResult: ResponseEncodable {}
extension Hint: ResponseEncodable {}
extension HintPage: ResponseEncodable {}

/// The partner vault: create, read, replace (seed 001 steps 3.10 and 3.12).
public struct VaultController: Sendable {
    let vaults: VaultRepository
    let onVaultChanged: @Sendable (UserID) async -> Void

    /// - Parameter onVaultChanged: runs after a successful create or replace (e.g. to schedule
    ///   milestone notifications); it cannot fail the write.
    public init(vaults: VaultRepository, onVaultChanged: @escaping @Sendable (UserID) async -> Void = { _ in }) {
        self.vaults = vaults
        self.onVaultChanged = onVaultChanged
    }

    /// The 404 before onboarding.
    static let noVault = APIError(.notFound, code: "vault_not_found", message: "No partner vault yet. Create one with \(KnotRoutes.createVault.endpoint).")

    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        api.on(KnotRoutes.createVault, use: create)
        api.on(KnotRoutes.vault, use: read)
        api.on(KnotRoutes.updateVault, use: replace)
    }

    @Sendable func create(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> Vault {
        let input = try await request.decode(as: VaultInput.self, context: context)
        let content = try VaultRules.validate(input)
        let vault = try await vaults.create(content, for: context.userID)
        await onVaultChanged(context.userID)
        return vault.wire
    }

    @Sendable func read(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> Vault {
        guard let vault = try await vaults.find(for: context.userID) else { throw Self.noVault }
        return vault.wire
    }

    @Sendable func replace(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> Vault {
        let input = try await request.decode(as: VaultInput.self, context: context)
        guard try await vaults.vaultID(for: context.userID) != nil else { throw Self.noVault }
        let content = try VaultRules.validate(input, existingMilestoneIDs: try await vaults.milestoneIDs(for: context.userID))
        let vault = try await vaults.replace(content, for: context.userID)
        await onVaultChanged(context.userID)
        return vault.wire
    }
}

/// Hints: add, page, search by meaning, delete (seed 001 steps 4.4, 4.6).
public struct HintsController: Sendable {
    let hints: HintRepository
    /// `limit` and `cursor` as every list parses them; the hint page adds the seed's `offset` and
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

/// Knot's part of a user's data export: the vault, every hint (without vectors), recommendations,
/// feedback and notifications.
public struct KnotExporter: AppDataExporter {
    let vaults: VaultRepository
    let hints: HintRepository
    let recommendations: RecommendationRepository
    let records: KnotRecordsRepository

    public func exportData(for user: UserID) async throws -> AnyEncodable {
        struct KnotExport: Encodable, Sendable {
            var vault: Vault?
            var hints: [Hint]
            var recommendations: [Recommendation]
            var feedback: [KnotRecordsRepository.ExportedFeedback]
            var notifications: [KnotRecordsRepository.NotificationRecord]
        }
        return AnyEncodable(
            KnotExport(
                vault: try await vaults.find(for: user)?.wire,
                hints: try await hints.all(for: user),
                recommendations: try await recommendations.all(for: user).map(\.card),
                feedback: try await records.feedback(for: user),
                notifications: try await records.notifications(for: user)
            ))
    }
}

import AppPlatform
import Auth
import Foundation
import Hummingbird
import Persistence
import PlatformCore

/// The partner vault: create, read, replace (docs/knot.md, "API" and "The vault"). The vault
/// answers with its version (`ETag`); a `PUT` with `If-Match` replaces only that version (else 412,
/// nothing changed), so an edit made on one device never silently overwrites one made on another.
public struct VaultController: Sendable {
    let vaults: VaultRepository
    let onVaultChanged: @Sendable (UserID) async -> Void

    /// - Parameter onVaultChanged: runs after a successful create or replace (e.g. to schedule
    ///   milestone notifications); it cannot fail the write.
    public init(vaults: VaultRepository, onVaultChanged: @escaping @Sendable (UserID) async -> Void = { _ in }) {
        self.vaults = vaults
        self.onVaultChanged = onVaultChanged
    }

    /// What a 412's message calls the vault.
    static let entity = "partner vault"

    /// The 404 before onboarding.
    static let noVault = APIError(.notFound, code: "vault_not_found", message: "No partner vault yet. Create one with \(KnotRoutes.createVault.endpoint).")

    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        api.on(KnotRoutes.createVault, edited: create)
        api.on(KnotRoutes.vault, edited: read)
        api.on(KnotRoutes.updateVault, edited: replace)
    }

    @Sendable func create(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> EditedResponse<Vault> {
        let input = try await request.decode(as: VaultInput.self, context: context)
        let content = try VaultRules.check(input).get()
        let vault = try await vaults.create(content, for: context.userID)
        await onVaultChanged(context.userID)
        return tagged(vault.wire, updatedAt: vault.updatedAt, status: .created)
    }

    @Sendable func read(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> EditedResponse<Vault> {
        guard let vault = try await vaults.find(for: context.userID) else { throw Self.noVault }
        return tagged(vault.wire, updatedAt: vault.updatedAt)
    }

    /// The 404 (no vault) and the 422 (the rules) come before the `If-Match` check, which the
    /// repository makes inside the replace's own transaction.
    @Sendable func replace(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> EditedResponse<Vault> {
        let input = try await request.decode(as: VaultInput.self, context: context)
        guard try await vaults.vaultID(for: context.userID) != nil else { throw Self.noVault }
        let content = try VaultRules.check(input, existingMilestoneIDs: try await vaults.milestoneIDs(for: context.userID)).get()
        let vault = try await vaults.replace(content, for: context.userID, ifMatch: IfMatch(request, entity: Self.entity))
        await onVaultChanged(context.userID)
        return tagged(vault.wire, updatedAt: vault.updatedAt)
    }
}

import Foundation
import PlatformCore

/// A stored vault as the server keeps it: its validated content plus identity and timestamps. On
/// the wire it is the contract's ``Vault`` (``wire``).
public struct PartnerVault: Sendable, Equatable {
    public var vaultId: VaultID
    public var content: VaultContent
    public var createdAt: Date
    public var updatedAt: Date

    /// The shape `GET /vault` returns, so what a client reads it can `PUT` back unchanged.
    public var wire: Vault {
        Vault(
            vaultId: vaultId, partnerName: content.partnerName, relationshipTenureMonths: content.relationshipTenureMonths,
            cohabitationStatus: content.cohabitationStatus, locationCity: content.locationCity, locationState: content.locationState,
            locationCountry: content.locationCountry, interests: content.interests, dislikes: content.dislikes,
            milestones: content.milestones, vibes: content.vibes, budgets: content.budgets, loveLanguages: content.loveLanguages,
            createdAt: createdAt, updatedAt: updatedAt
        )
    }
}

import FareLensAPI
import Foundation

/// One App Store subscription (an original transaction) as FareLens keeps it, and the pure rule of
/// what it entitles: Pro while it is paid or in its trial (until `expiresAt`) or in a billing grace
/// period (until `graceEndsAt`), never once refunded or revoked.
struct SubscriptionState: Sendable, Equatable {
    var productID: String
    var expiresAt: Date?
    var revokedAt: Date?
    var graceEndsAt: Date?
    /// When the free trial ends, when the latest transaction is the trial.
    var trialEndsAt: Date?
    /// When the transaction this state comes from was bought (not stored): a transaction bought
    /// before a recorded refund cannot lift it.
    var purchasedAt: Date? = nil

    func isActive(at now: Date) -> Bool {
        guard revokedAt == nil else { return false }
        if let expiresAt, expiresAt > now { return true }
        if let graceEndsAt, graceEndsAt > now { return true }
        return false
    }

    /// The state a verified transaction describes (a newer transaction of the same subscription
    /// replaces the older's dates; a grace period belongs to the renewal that failed, so it ends).
    init(transaction: AppStoreTransaction) {
        productID = transaction.productId
        expiresAt = transaction.expiresAt
        revokedAt = transaction.revokedAt
        graceEndsAt = nil
        trialEndsAt = transaction.isFreeTrial ? transaction.expiresAt : nil
        purchasedAt = transaction.purchaseDate.map(Date.init(appStoreMilliseconds:))
    }

    init(productID: String, expiresAt: Date?, revokedAt: Date?, graceEndsAt: Date?, trialEndsAt: Date?) {
        self.productID = productID
        self.expiresAt = expiresAt
        self.revokedAt = revokedAt
        self.graceEndsAt = graceEndsAt
        self.trialEndsAt = trialEndsAt
    }

    /// A user's tier and trial end from all their subscriptions: Pro when any is active (the trial
    /// end of an active one still in its trial), else free without a trial.
    static func entitlement(of subscriptions: [SubscriptionState], at now: Date) -> (tier: FareLensTier, trialEndsAt: Date?) {
        let active = subscriptions.filter { $0.isActive(at: now) }
        guard !active.isEmpty else { return (.free, nil) }
        // A paid subscription beside a trial: no trial to show.
        let trial = active.allSatisfy { $0.trialEndsAt != nil } ? active.compactMap(\.trialEndsAt).max() : nil
        return (.pro, trial)
    }
}

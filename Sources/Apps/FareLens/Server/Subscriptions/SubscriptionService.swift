import FareLensAPI
import Foundation
import Jobs
import Logging
import PlatformCore

/// Turns verified App Store data into tiers: a transaction the app hands over binds its
/// subscription to the caller, a server notification updates the subscription's state, and the
/// owner's tier (with the trial's end) follows through ``FareLensAccountRepository`` — the one path
/// that pauses and resumes watchlists.
public struct SubscriptionService: Sendable {
    let verifier: AppStoreSignatureVerifier
    let settings: AppStoreSettings
    let environments: AppStoreEnvironmentGate
    let subscriptions: SubscriptionRepository
    let accounts: FareLensAccountRepository
    let clock: any TimeSource
    let logger: Logger

    /// - Parameter isDevelopment: picks the accepted App Store environments when the settings name none.
    public init(
        settings: AppStoreSettings, isDevelopment: Bool, subscriptions: SubscriptionRepository, accounts: FareLensAccountRepository, clock: any TimeSource,
        logger: Logger
    ) {
        verifier = AppStoreSignatureVerifier(rootCertificatePEM: settings.rootCertificatePEM)
        self.settings = settings
        environments = AppStoreEnvironmentGate(accepted: settings.acceptedEnvironments(isDevelopment: isDevelopment))
        self.subscriptions = subscriptions
        self.accounts = accounts
        self.clock = clock
        self.logger = logger
    }

    /// `POST /subscriptions/verify`: the signed transaction checked (signature, chain, bundle,
    /// product, an accepted environment, bought by `user` when it names a buyer), its subscription
    /// bound to `user` (409 when another account holds it), the tier set from the user's
    /// subscriptions; answers the account.
    public func verify(signedTransaction jws: String, for user: UserID) async throws -> FareLensAccount {
        let transaction = try await checkedTransaction(jws, field: "signed_transaction")
        if let reason = environments.refusal(of: [transaction.environment]) {
            throw SignedPayloadRefused(field: "signed_transaction", reason: reason)
        }
        if transaction.appAccountToken != nil, transaction.buyer != user.uuid {
            throw SignedPayloadRefused(field: "signed_transaction", reason: "was bought by another account (its appAccountToken is not yours)")
        }
        var state = SubscriptionState(transaction: transaction)
        // A grace period a notification recorded stays while the transaction is the same period's.
        if let known = try await subscriptions.find(transaction.originalTransactionId)?.state, known.expiresAt == state.expiresAt {
            state.graceEndsAt = known.graceEndsAt
        }
        let owner = try await subscriptions.save(transaction.originalTransactionId, state: state, binding: .claim(user))
        guard owner == user else {
            throw SubscriptionTaken()
        }
        return try await applyTier(for: user)
    }

    /// The App Store webhook: the notification checked like a transaction (its transaction too),
    /// one from a refused environment ignored before anything is claimed or written, the rest handled
    /// once per `notificationUUID`; the subscription's state updated (bound to the purchase's
    /// appAccountToken user when unbound, else kept unbound for an unknown user) and a bound owner's
    /// tier set.
    public func handle(signedPayload jws: String) async throws -> AppStoreNotificationReceipt {
        let notification: AppStoreNotification
        do {
            notification = try await verifier.verify(jws, as: AppStoreNotification.self, at: clock.now())
        } catch let rejected as SignedDataRejected {
            throw SignedPayloadRefused(field: "signedPayload", reason: rejected.reason)
        }
        if let bundle = notification.data?.bundleId, bundle != settings.bundleID {
            throw SignedPayloadRefused(field: "signedPayload", reason: "is for bundle \(bundle), not \(settings.bundleID)")
        }
        let uuid = notification.notificationUUID
        var transaction: AppStoreTransaction?
        if let signed = notification.data?.signedTransactionInfo { transaction = try await checkedTransaction(signed, field: "signedPayload") }
        if notification.data != nil || transaction != nil,
            let reason = environments.refusal(of: [notification.data?.environment ?? transaction?.environment, transaction?.environment])
        {
            logger.info("App Store notification from a refused environment", metadata: ["type": "\(notification.notificationType)", "reason": "\(reason)"])
            return AppStoreNotificationReceipt(notificationUUID: uuid, outcome: .ignored, reason: "Notification " + reason)
        }
        guard try await subscriptions.claim(notification: uuid, type: notification.notificationType) else {
            return AppStoreNotificationReceipt(notificationUUID: uuid, outcome: .duplicate)
        }
        let outcome: AppStoreNotificationReceipt.Outcome
        do {
            outcome = try await apply(notification, transaction: transaction)
        } catch {
            try? await subscriptions.release(notification: uuid)
            throw error
        }
        logger.info("App Store notification", metadata: ["type": "\(notification.notificationType)", "outcome": "\(outcome.rawValue)"])
        return AppStoreNotificationReceipt(notificationUUID: uuid, outcome: outcome)
    }

    /// Puts users whose subscriptions lapsed without a notification (expired past any grace, or a
    /// trial that ended unpaid) back on the tier their subscriptions now give; answers how many.
    @discardableResult
    public func sweepExpired() async throws -> Int {
        let users = try await subscriptions.lapsedProUsers(at: clock.now())
        for user in users { _ = try await applyTier(for: user) }
        return users.count
    }

    func apply(_ notification: AppStoreNotification, transaction: AppStoreTransaction?) async throws -> AppStoreNotificationReceipt.Outcome {
        guard let transaction else { return .ignored }
        let original = transaction.originalTransactionId
        var state = SubscriptionState(transaction: transaction)
        switch notification.notificationType {
        case "SUBSCRIBED", "DID_RENEW", "OFFER_REDEEMED", "DID_CHANGE_RENEWAL_PREF", "DID_CHANGE_RENEWAL_STATUS", "RENEWAL_EXTENDED":
            break
        case "DID_FAIL_TO_RENEW":
            // Billing grace: Pro until the renewal info's grace end; without grace, the period's end.
            if notification.subtype == "GRACE_PERIOD", let signedRenewal = notification.data?.signedRenewalInfo {
                let renewal = try await checkedRenewal(signedRenewal)
                state.graceEndsAt = renewal.gracePeriodExpiresDate.map(Date.init(appStoreMilliseconds:))
            }
        case "EXPIRED", "GRACE_PERIOD_EXPIRED":
            let now = clock.now()
            state.expiresAt = min(state.expiresAt ?? now, now)
            state.graceEndsAt = nil
        case "REFUND", "REVOKE":
            state.revokedAt = state.revokedAt ?? clock.now()
        default:
            return .ignored
        }
        let ended = ["EXPIRED", "GRACE_PERIOD_EXPIRED"].contains(notification.notificationType)
        // A purchase made on a device that never verified: its appAccountToken names the buyer.
        var binding = SubscriptionRepository.Binding.keep
        if let buyer = transaction.buyer, try await subscriptions.isFareLensUser(buyer) { binding = .ifUnbound(UserID(buyer)) }
        let owner = try await subscriptions.save(original, state: state, binding: binding, ended: ended)
        guard let owner else { return .stored }
        _ = try await applyTier(for: owner)
        return .applied
    }

    /// Sets the user's tier and trial from all their subscriptions at the clock's instant.
    func applyTier(for user: UserID) async throws -> FareLensAccount {
        let entitlement = SubscriptionState.entitlement(of: try await subscriptions.states(for: user), at: clock.now())
        return try await accounts.setTier(entitlement.tier, trialEndsAt: entitlement.trialEndsAt, for: user)
    }

    /// A verified transaction of this app's Pro products; anything else is a 422 naming `field`.
    func checkedTransaction(_ jws: String, field: String) async throws -> AppStoreTransaction {
        do {
            let transaction = try await verifier.verify(jws, as: AppStoreTransaction.self, at: clock.now())
            guard transaction.bundleId == settings.bundleID else {
                throw SignedDataRejected("is for bundle \(transaction.bundleId), not \(settings.bundleID)")
            }
            guard settings.proProductIDs.contains(transaction.productId) else {
                throw SignedDataRejected("is for product \(transaction.productId), not one of \(settings.proProductIDs.sorted().joined(separator: ", "))")
            }
            return transaction
        } catch let rejected as SignedDataRejected {
            throw SignedPayloadRefused(field: field, reason: rejected.reason)
        }
    }

    func checkedRenewal(_ jws: String) async throws -> AppStoreRenewalInfo {
        do {
            return try await verifier.verify(jws, as: AppStoreRenewalInfo.self, at: clock.now())
        } catch let rejected as SignedDataRejected {
            throw SignedPayloadRefused(field: "signedPayload", reason: "signedRenewalInfo " + rejected.reason)
        }
    }
}

extension SubscriptionService {
    static let sweepJobKind = "farelens.subscriptions_sweep"

    /// Expiry without a notification: every 15 minutes, users whose subscriptions lapsed go back to
    /// the tier their subscriptions give (so a lapsed Pro lasts at most 15 minutes past its end).
    func registerJobs(on scheduler: JobScheduler) {
        scheduler.recurring(RecurringJob(name: "farelens-subscriptions-sweep", kind: Self.sweepJobKind, schedule: .every(seconds: 900))) {
            try await sweepExpired()
        }
    }
}

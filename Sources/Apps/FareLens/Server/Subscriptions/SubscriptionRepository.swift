import Foundation
import Persistence
import PlatformCore
import SQLKit

/// `farelens_subscriptions` and `farelens_appstore_notifications`: each App Store subscription's
/// state and owner, and which notifications were handled.
public struct SubscriptionRepository: Sendable {
    let database: any Database
    let clock: any TimeSource

    public init(database: any Database, clock: any TimeSource) {
        self.database = database
        self.clock = clock
    }

    /// A subscription's owner (nil: not bound yet) and state; nil when unknown.
    func find(_ originalTransactionID: String) async throws -> (owner: UserID?, state: SubscriptionState)? {
        try await database.read { db in
            guard
                let row = try await db.raw(
                    "SELECT user_id, \(unsafeRaw: Self.stateColumns) FROM farelens_subscriptions WHERE original_transaction_id = \(bind: originalTransactionID)"
                ).first()
            else { return nil }
            return (try row.decode(column: "user_id", as: UUID?.self).map(UserID.init), try Self.state(row))
        }
    }

    /// Who a write binds a subscription to.
    enum Binding: Sendable {
        /// The owner stays as it is (unbound stays unbound).
        case keep
        /// `user` claims it (the app verified a transaction): written only when it is unbound or
        /// already theirs.
        case claim(UserID)
        /// Bound to `user` when unbound (the purchase's appAccountToken); otherwise the owner stays
        /// and the state is written all the same.
        case ifUnbound(UserID)
    }

    /// Writes the subscription's state and binds it as `binding` says. Answers the owner
    /// afterwards: for `.claim(user)`, someone other than `user` means nothing was written.
    /// Time moves one way: the expiry only moves later (a late, older notification or a re-sent old
    /// transaction cannot shorten it), and a refund or revocation stays unless a transaction bought
    /// after it says otherwise (re-sending a transaction signed before the refund cannot lift it).
    /// `ended`: the App Store said the subscription ended (EXPIRED), so its expiry may move earlier.
    func save(_ originalTransactionID: String, state: SubscriptionState, binding: Binding, ended: Bool = false) async throws -> UserID? {
        let now = clock.now()
        let user: UserID?
        // Another owner stops a claim, and nothing else.
        let ownerGuard: SQLQueryString
        switch binding {
        case .keep: (user, ownerGuard) = (nil, "")
        case .ifUnbound(let bound): (user, ownerGuard) = (bound, "")
        case .claim(let claimant):
            (user, ownerGuard) = (claimant, "WHERE farelens_subscriptions.user_id IS NULL OR farelens_subscriptions.user_id = excluded.user_id")
        }
        // A transaction of unknown purchase date counts as bought before any refund.
        let purchased = state.purchasedAt ?? Date(timeIntervalSince1970: 0)
        let expiry: SQLQueryString =
            ended
            ? "excluded.expires_at"
            : """
            CASE WHEN excluded.expires_at IS NOT NULL AND (farelens_subscriptions.expires_at IS NULL OR excluded.expires_at > farelens_subscriptions.expires_at)
                THEN excluded.expires_at ELSE farelens_subscriptions.expires_at END
            """
        return try await database.transaction { db in
            try await db.raw(
                """
                INSERT INTO farelens_subscriptions
                    (original_transaction_id, user_id, product_id, expires_at, revoked_at, grace_ends_at, trial_ends_at, updated_at)
                VALUES (\(bind: originalTransactionID), \(bind: user?.uuid), \(bind: state.productID), \(bind: state.expiresAt), \(bind: state.revokedAt),
                    \(bind: state.graceEndsAt), \(bind: state.trialEndsAt), \(bind: now))
                ON CONFLICT (original_transaction_id) DO UPDATE SET
                    user_id = COALESCE(farelens_subscriptions.user_id, excluded.user_id), product_id = excluded.product_id,
                    expires_at = \(expiry),
                    revoked_at = CASE
                        WHEN farelens_subscriptions.revoked_at IS NOT NULL AND excluded.revoked_at IS NULL
                            AND \(bind: purchased) <= farelens_subscriptions.revoked_at
                        THEN farelens_subscriptions.revoked_at ELSE excluded.revoked_at END,
                    grace_ends_at = excluded.grace_ends_at,
                    trial_ends_at = excluded.trial_ends_at, updated_at = excluded.updated_at
                \(ownerGuard)
                """
            ).run()
            let row = try await db.raw("SELECT user_id FROM farelens_subscriptions WHERE original_transaction_id = \(bind: originalTransactionID)").first()
            return try row?.decode(column: "user_id", as: UUID?.self).map(UserID.init)
        }
    }

    /// Whether `id` is a FareLens user (an appAccountToken may name anyone, or no one).
    func isFareLensUser(_ id: UUID) async throws -> Bool {
        try await database.read { db in
            try await db.raw("SELECT id FROM users WHERE id = \(bind: id) AND app = \(bind: AppID.farelens.rawValue)").first() != nil
        }
    }

    /// Every subscription bound to the user.
    func states(for user: UserID) async throws -> [SubscriptionState] {
        try await database.read { db in
            try await db.raw("SELECT \(unsafeRaw: Self.stateColumns) FROM farelens_subscriptions WHERE user_id = \(bind: user.uuid)").all().map(Self.state)
        }
    }

    /// Users on Pro who hold a subscription that is no longer active at `now` (expired past any
    /// grace, refunded or revoked), or whose trial has ended: the expiry sweep's candidates.
    func lapsedProUsers(at now: Date) async throws -> [UserID] {
        try await database.read { db in
            try await db.raw(
                """
                SELECT DISTINCT s.user_id AS user_id FROM farelens_subscriptions s JOIN farelens_accounts a ON a.user_id = s.user_id
                WHERE a.tier = 'pro' AND (s.revoked_at IS NOT NULL
                    OR ((s.expires_at IS NULL OR s.expires_at <= \(bind: now)) AND (s.grace_ends_at IS NULL OR s.grace_ends_at <= \(bind: now)))
                    OR (a.trial_ends_at IS NOT NULL AND a.trial_ends_at <= \(bind: now)))
                """
            ).all().map { UserID(try $0.decode(column: "user_id", as: UUID.self)) }
        }
    }

    /// Claims a notification for handling: true for the first claim of its `notificationUUID`, false
    /// when it was claimed before (handled, or being handled by a concurrent delivery). One insert, so
    /// concurrent deliveries of one notification are handled once.
    func claim(notification uuid: String, type: String) async throws -> Bool {
        let now = clock.now()
        return try await database.transaction { db in
            try await db.raw(
                """
                INSERT INTO farelens_appstore_notifications (notification_uuid, notification_type, received_at)
                VALUES (\(bind: uuid), \(bind: type), \(bind: now)) ON CONFLICT (notification_uuid) DO NOTHING RETURNING notification_uuid
                """
            ).first() != nil
        }
    }

    /// Gives a claim back (its handling failed), so Apple's retry is handled.
    func release(notification uuid: String) async throws {
        try await database.transaction { db in
            try await db.raw("DELETE FROM farelens_appstore_notifications WHERE notification_uuid = \(bind: uuid)").run()
        }
    }

    static let stateColumns = "product_id, expires_at, revoked_at, grace_ends_at, trial_ends_at"

    static func state(_ row: any SQLRow) throws -> SubscriptionState {
        SubscriptionState(
            productID: try row.decode(column: "product_id", as: String.self), expiresAt: try row.decode(column: "expires_at", as: Date?.self),
            revokedAt: try row.decode(column: "revoked_at", as: Date?.self), graceEndsAt: try row.decode(column: "grace_ends_at", as: Date?.self),
            trialEndsAt: try row.decode(column: "trial_ends_at", as: Date?.self))
    }
}

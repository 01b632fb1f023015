import FareLensAPI
import Foundation
import Persistence
import PlatformCore
import SQLKit

/// The caller's row of `farelens_accounts`: their tier and trial. A user without a row is on the
/// free tier without a trial; the row is written when something sets the tier.
public struct FareLensAccountRepository: Sendable {
    let database: any Database
    let clock: any TimeSource

    public init(database: any Database, clock: any TimeSource) {
        self.database = database
        self.clock = clock
    }

    /// The user's account (free, no trial, when FareLens has not stored one).
    public func account(for user: UserID) async throws -> FareLensAccount {
        try await database.read { db in try await Self.account(for: user, in: db) }
    }

    /// Puts the user on `tier` (the trial, if any, is kept) and their watchlists in line with it; answers the account.
    @discardableResult
    public func setTier(_ tier: FareLensTier, for user: UserID) async throws -> FareLensAccount {
        try await write(tier, trialEndsAt: nil, replacingTrial: false, for: user)
    }

    /// Puts the user on `tier` with the trial ending at `trialEndsAt` (nil: none), their watchlists in
    /// line with the tier (the subscriptions' path); answers the account.
    @discardableResult
    public func setTier(_ tier: FareLensTier, trialEndsAt: Date?, for user: UserID) async throws -> FareLensAccount {
        try await write(tier, trialEndsAt: trialEndsAt, replacingTrial: true, for: user)
    }

    func write(_ tier: FareLensTier, trialEndsAt: Date?, replacingTrial: Bool, for user: UserID) async throws -> FareLensAccount {
        let now = clock.now()
        return try await database.transaction(owner: user.uuid) { db in
            let trial: SQLQueryString = replacingTrial ? ", trial_ends_at = excluded.trial_ends_at" : ""
            try await db.raw(
                """
                INSERT INTO farelens_accounts (user_id, tier, trial_ends_at, created_at, updated_at)
                VALUES (\(bind: user.uuid), \(bind: tier.rawValue), \(bind: trialEndsAt), \(bind: now), \(bind: now))
                ON CONFLICT (user_id) DO UPDATE SET tier = excluded.tier, updated_at = excluded.updated_at\(trial)
                """
            ).run()
            try await WatchlistRepository.applyTier(tier, for: user, at: now, in: db)
            return try await Self.account(for: user, in: db)
        }
    }

    static func account(for user: UserID, in db: any SQLDatabase) async throws -> FareLensAccount {
        guard let row = try await db.raw("SELECT tier, trial_ends_at FROM farelens_accounts WHERE user_id = \(bind: user.uuid)").first() else {
            return FareLensAccount(userID: user.uuid, tier: .free, trialEndsAt: nil)
        }
        // The CHECK constraint keeps the column to the tiers; an unknown one reads as free.
        let tier = FareLensTier(rawValue: try row.decode(column: "tier", as: String.self)) ?? .free
        return FareLensAccount(userID: user.uuid, tier: tier, trialEndsAt: try row.decode(column: "trial_ends_at", as: Date?.self))
    }
}

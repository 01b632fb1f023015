import AppPlatform
import FareLensAPI
import Foundation
import Persistence
import PlatformCore
import SQLKit

/// The checks part's rows (`farelens_watchlist_checks`, `farelens_watchlist_check_runs`) and the
/// watchers the scheduled runs select.
struct WatchlistCheckStore: Sendable {
    let database: any Database

    /// The stored last check of each of `ids` that has one.
    func lastChecks(_ ids: [WatchlistID]) async throws -> [WatchlistID: WatchlistCheck] {
        guard !ids.isEmpty else { return [:] }
        return try await database.read { db in
            let rows = try await db.raw(
                """
                SELECT watchlist_id, latest_price_cents, previous_price_cents, currency, matching_deals, checked_at
                FROM farelens_watchlist_checks WHERE \(db.isOneOf("watchlist_id", ids.map(\.uuid)))
                """
            ).all()
            var checks: [WatchlistID: WatchlistCheck] = [:]
            for row in rows {
                let id = WatchlistID(try row.uuid("watchlist_id"))
                let latest = try row.decode(column: "latest_price_cents", as: Int?.self)
                let previous = try row.decode(column: "previous_price_cents", as: Int?.self)
                let deals = (try? JSONDecoder.api.decode([WatchlistCheckDeal].self, from: Data(try row.decode(column: "matching_deals", as: String.self).utf8))) ?? []
                checks[id] = WatchlistCheck(
                    id: id.description, found: true, latestPriceCents: latest, previousPriceCents: previous,
                    changeCents: latest.flatMap { l in previous.map { l - $0 } }, currency: try row.decode(column: "currency", as: String.self),
                    checkedAt: try row.decode(column: "checked_at", as: Date.self), matchingDeals: deals)
            }
            return checks
        }
    }

    /// Keeps each result as its watchlist's last check (a watchlist deleted meanwhile is skipped).
    func save(_ results: [WatchlistCheckResult]) async throws {
        guard !results.isEmpty else { return }
        let rows = try results.map { result in
            (result, String(decoding: try JSONEncoder.api.encode(result.matchingDeals.map(WatchlistCheckDeal.init)), as: UTF8.self))
        }
        try await database.transaction { db in
            for (result, deals) in rows {
                try await db.raw(
                    """
                    INSERT INTO farelens_watchlist_checks (watchlist_id, user_id, latest_price_cents, previous_price_cents, currency, matching_deals, checked_at)
                    SELECT id, user_id, \(bind: result.latestPriceCents), \(bind: result.previousPriceCents), \(bind: result.currency), \(bind: deals), \(bind: result.checkedAt)
                    FROM farelens_watchlists WHERE id = \(bind: result.watchlistID) AND user_id = \(bind: result.userID.uuid)
                    ON CONFLICT (watchlist_id) DO UPDATE SET latest_price_cents = excluded.latest_price_cents,
                        previous_price_cents = excluded.previous_price_cents, currency = excluded.currency,
                        matching_deals = excluded.matching_deals, checked_at = excluded.checked_at
                    """
                ).run()
            }
        }
    }

    /// The distinct time-zone names of users with an active watchlist (nil: unset).
    func watcherZones() async throws -> [String?] {
        try await database.read { db in
            try await db.raw(
                """
                SELECT DISTINCT u.timezone FROM farelens_watchlists w JOIN users u ON u.id = w.user_id WHERE w.paused_reason IS NULL
                """
            ).all().map { try $0.decode(column: "timezone", as: String?.self) }
        }
    }

    /// The active watchlists of users whose zone name is one of `zones` (`includeUnset`: also those
    /// with none), with their owners' tiers; only Pro owners when `proOnly`.
    func watchers(inZones zones: [String], includeUnset: Bool, proOnly: Bool) async throws -> [WatchedList] {
        try await database.read { db in
            let unset: SQLQueryString = includeUnset ? " OR u.timezone IS NULL" : ""
            let pro: SQLQueryString = proOnly ? " AND a.tier = 'pro'" : ""
            return try await db.raw(
                """
                SELECT \(unsafeRaw: WatchlistRepository.columns), w.user_id, a.tier FROM farelens_watchlists w JOIN users u ON u.id = w.user_id
                LEFT JOIN farelens_accounts a ON a.user_id = w.user_id
                WHERE w.paused_reason IS NULL AND (\(db.isOneOf("u.timezone", zones))\(unset))\(pro) ORDER BY w.user_id, w.created_at, w.id
                """
            ).all().map { row in
                WatchedList(
                    watchlist: try WatchlistRepository.watchlist(from: row), user: UserID(try row.uuid("user_id")),
                    tier: FareLensTier(rawValue: try row.decode(column: "tier", as: String?.self) ?? "") ?? .free)
            }
        }
    }

    /// Records the scheduled run (`localDate`, `slot`) for each of `users` who has not had it yet;
    /// answers those (the others' run already happened, or is happening elsewhere). Rows older
    /// than a week are dropped on the way.
    func claimRuns(_ users: [UserID], localDate: String, slot: String, at now: Date) async throws -> Set<UserID> {
        guard !users.isEmpty else { return [] }
        return try await database.transaction { db in
            try await db.raw("DELETE FROM farelens_watchlist_check_runs WHERE ran_at < \(bind: now.addingTimeInterval(-7 * 86_400))").run()
            var claimed: Set<UserID> = []
            for user in users {
                let rows = try await db.raw(
                    """
                    INSERT INTO farelens_watchlist_check_runs (user_id, local_date, slot, ran_at) VALUES (\(bind: user.uuid), \(bind: localDate), \(bind: slot), \(bind: now))
                    ON CONFLICT (user_id, local_date, slot) DO NOTHING RETURNING user_id
                    """
                ).all()
                if !rows.isEmpty { claimed.insert(user) }
            }
            return claimed
        }
    }
}

extension WatchlistCheckDeal {
    /// A deal found by a check, as the check answers it.
    init(_ candidate: DealCandidate) {
        self.init(
            origin: candidate.origin, destination: candidate.destination, departureDate: candidate.departureDate, returnDate: candidate.returnDate,
            airline: candidate.airline, priceCents: candidate.priceCents, currency: candidate.currency, dealScore: candidate.score.score,
            dealTier: candidate.score.tier, provider: candidate.provider.rawValue, expiresAt: candidate.expiresAt)
    }
}

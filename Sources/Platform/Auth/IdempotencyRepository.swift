import Foundation
import Persistence
import PlatformCore
import SQLKit

/// The `idempotency_keys` table (platform migration 6): what ``IdempotencyMiddleware`` remembers of
/// each `Idempotency-Key` a user sent to an app — the request's fingerprint, whether its first
/// attempt is still running, and once it succeeded the answer to replay.
///
/// A key lives ``lifetime`` (24 hours) from its first use; an older row is ignored and replaced when
/// the key comes again, and removed by ``purgeExpired(now:)`` (an hourly job). An attempt still
/// `in_progress` after ``abandonedAfter`` is taken to have died with its server and may be claimed
/// again; so is one at once whose claim names an instance (`instance`, this server's
/// ``InstancePresence`` id) that stopped heartbeating — a killed instance's keys are free in seconds,
/// not minutes. The rows reference `users` with `ON DELETE CASCADE`: an account's keys go with it.
public struct IdempotencyRepository: Sendable {
    /// How long a key is remembered.
    public static let lifetime: TimeInterval = 24 * 60 * 60
    /// How long an unfinished first attempt holds its key before a retry may run the request again.
    public static let abandonedAfter: TimeInterval = 5 * 60
    /// The kind of the recurring job that runs ``purgeExpired(now:)``.
    public static let purgeJobKind = "platform.idempotency_purge"

    let database: any Database
    let clock: any TimeSource
    /// The instance recorded in this server's claims; `nil` records none (only ``abandonedAfter`` applies).
    let instance: String?
    /// How old an instance's heartbeat may be before its claims count as abandoned.
    let instanceStaleAfter: TimeInterval

    public init(database: any Database, clock: any TimeSource, instance: String? = nil, instanceStaleAfter: TimeInterval = InstancePresence.defaultStaleAfter) {
        self.database = database
        self.clock = clock
        self.instance = instance
        self.instanceStaleAfter = instanceStaleAfter
    }

    /// One key of one user in one app.
    public struct Key: Sendable, Hashable {
        public let user: UserID
        public let app: AppID
        public let value: String

        public init(user: UserID, app: AppID, value: String) {
            self.user = user
            self.app = app
            self.value = value
        }
    }

    /// A successful answer as it is replayed.
    public struct StoredResponse: Sendable, Equatable {
        public let status: Int
        public let contentType: String?
        public let eTag: String?
        public let body: Data

        public init(status: Int, contentType: String?, eTag: String?, body: Data) {
            self.status = status
            self.contentType = contentType
            self.eTag = eTag
            self.body = body
        }
    }

    /// What a key's row says when a request comes with it.
    public enum Claim: Sendable, Equatable {
        /// The key was free (or its row expired or abandoned): this request runs, holding `token`.
        case claimed(token: UUID)
        /// An earlier request with this key is still running.
        case inProgress(fingerprint: String)
        /// An earlier request with this key succeeded with `response`.
        case done(fingerprint: String, response: StoredResponse)
    }

    /// Claims `key` for a request with `fingerprint`, or reports the row an earlier request left.
    /// The primary key decides between concurrent first requests: exactly one gets ``Claim/claimed(token:)``.
    /// Throws `OwnerGone` when the account no longer exists.
    public func claim(_ key: Key, fingerprint: String) async throws -> Claim {
        let now = clock.now()
        let expired = now.addingTimeInterval(-Self.lifetime)
        let abandoned = now.addingTimeInterval(-Self.abandonedAfter)
        let token = UUID.random()
        let holderGone = InstancePresence.holderGone("instance", now: now, staleAfter: instanceStaleAfter)
        return try await database.transaction(owner: key.user.uuid) { db in
            // Two rounds at most: a stale row found in the first is deleted, then the key is free —
            // unless a concurrent request claimed it in between, whose row the second round reports.
            for _ in 0..<2 {
                let inserted = try await db.raw(
                    """
                    INSERT INTO idempotency_keys (user_id, app, idempotency_key, fingerprint, claim, state, created_at, instance)
                    VALUES (\(bind: key.user.uuid), \(bind: key.app.rawValue), \(bind: key.value), \(bind: fingerprint), \(bind: token), 'in_progress', \(bind: now),
                        \(bind: instance))
                    ON CONFLICT (user_id, app, idempotency_key) DO NOTHING
                    RETURNING idempotency_key
                    """
                ).first()
                if inserted != nil { return .claimed(token: token) }
                guard
                    let row = try await db.raw(
                        """
                        SELECT fingerprint, state, status_code, content_type, etag, body, created_at, CASE WHEN \(holderGone) THEN 1 ELSE 0 END AS holder_gone
                        FROM idempotency_keys
                        WHERE user_id = \(bind: key.user.uuid) AND app = \(bind: key.app.rawValue) AND idempotency_key = \(bind: key.value)
                        """
                    ).first()
                else { continue }  // deleted meanwhile: the key is free again
                let createdAt = try row.decode(column: "created_at", as: Date.self)
                let state = try row.decode(column: "state", as: String.self)
                let holderIsGone = try row.decode(column: "holder_gone", as: Int.self) == 1
                if createdAt <= expired || (state == "in_progress" && (createdAt <= abandoned || holderIsGone)) {
                    // Stale: delete it (only if it still is) and claim the key afresh.
                    try await db.raw(
                        """
                        DELETE FROM idempotency_keys
                        WHERE user_id = \(bind: key.user.uuid) AND app = \(bind: key.app.rawValue) AND idempotency_key = \(bind: key.value)
                            AND (created_at <= \(bind: expired) OR (state = 'in_progress' AND (created_at <= \(bind: abandoned) OR \(holderGone))))
                        """
                    ).run()
                    continue
                }
                let stored = try row.decode(column: "fingerprint", as: String.self)
                guard state == "done", let status = try row.decode(column: "status_code", as: Int?.self) else {
                    return .inProgress(fingerprint: stored)
                }
                let body = try row.decodeNil(column: "body") ? Data() : try row.decode(column: "body", as: Data.self)
                return .done(
                    fingerprint: stored,
                    response: StoredResponse(
                        status: status, contentType: try row.decode(column: "content_type", as: String?.self), eTag: try row.decode(column: "etag", as: String?.self),
                        body: body))
            }
            // Claimed by a concurrent request between the rounds and gone again: report it running,
            // so the client retries in a moment.
            return .inProgress(fingerprint: fingerprint)
        }
    }

    /// Records the successful answer of the attempt holding `token`, for replays.
    public func complete(_ key: Key, token: UUID, response: StoredResponse) async throws {
        _ = try await database.transaction { db in
            try await db.raw(
                """
                UPDATE idempotency_keys SET state = 'done', status_code = \(bind: response.status), content_type = \(bind: response.contentType),
                    etag = \(bind: response.eTag), body = \(bind: response.body)
                WHERE user_id = \(bind: key.user.uuid) AND app = \(bind: key.app.rawValue) AND idempotency_key = \(bind: key.value)
                    AND claim = \(bind: token) AND state = 'in_progress'
                """
            ).run()
        }
    }

    /// Frees the key the attempt holding `token` claimed (it failed: a retry runs the request again).
    public func release(_ key: Key, token: UUID) async throws {
        _ = try await database.transaction { db in
            try await db.raw(
                """
                DELETE FROM idempotency_keys
                WHERE user_id = \(bind: key.user.uuid) AND app = \(bind: key.app.rawValue) AND idempotency_key = \(bind: key.value)
                    AND claim = \(bind: token) AND state = 'in_progress'
                """
            ).run()
        }
    }

    /// Deletes every key older than ``lifetime``; answers how many.
    @discardableResult
    public func purgeExpired(now: Date? = nil) async throws -> Int {
        let cutoff = (now ?? clock.now()).addingTimeInterval(-Self.lifetime)
        return try await database.transaction { db in
            try await db.raw("DELETE FROM idempotency_keys WHERE created_at <= \(bind: cutoff) RETURNING idempotency_key").all().count
        }
    }

    /// The number of keys `user` has stored in `app`, expired ones included (tests and diagnostics).
    public func count(user: UserID, app: AppID) async throws -> Int {
        try await database.read { db in
            try await db.raw("SELECT COUNT(*) AS n FROM idempotency_keys WHERE user_id = \(bind: user.uuid) AND app = \(bind: app.rawValue)")
                .first()?.decode(column: "n", as: Int.self) ?? 0
        }
    }
}

import Foundation
import Persistence
import PlatformCore
import SQLKit

/// Sign-in sessions: refresh-token families, rotation with reuse detection, revocation, liveness.
extension AccountRepository {
    /// Starts a sign-in session (a refresh-token family) and stores its first refresh token.
    public func createSession(user: UserID, app: AppID, refreshTokenHash: String, expiresAt: Date) async throws -> UUID {
        let session = UUID()
        let now = clock.now()
        try await database.transaction { db in
            try await db.raw(
                """
                INSERT INTO auth_sessions (id, user_id, app, created_at) VALUES (\(bind: session), \(bind: user.uuid), \(bind: app.rawValue), \(bind: now))
                """
            ).run()
            try await db.raw(
                """
                INSERT INTO refresh_tokens (token_hash, session_id, user_id, created_at, expires_at)
                VALUES (\(bind: refreshTokenHash), \(bind: session), \(bind: user.uuid), \(bind: now), \(bind: expiresAt))
                """
            ).run()
        }
        return session
    }

    /// The outcome of presenting a refresh token.
    public enum RotationResult: Sendable, Equatable {
        /// The token was exchanged, by this request or — within the reuse grace window — by one
        /// moments before: `successor` is what that exchange sealed (``RotatingSession``), the same
        /// for every presentation within the window.
        case rotated(successor: String)
        case unknown
        case expired
        case revoked
        /// A token that was already rotated came back after the grace window: the whole family is
        /// now revoked.
        case reused
    }

    /// The session whose refresh token is being exchanged, given to the caller to mint the next pair.
    public struct RotatingSession: Sendable {
        public let user: UserID
        public let session: UUID
        /// When the session's sign-in happened (the new access token's `auth_time`).
        public let signedInAt: Date
    }

    /// Exchanges a refresh token for a new one in the same session. `successor` mints the answer
    /// (sealed, so the stored copy is unreadable without the presented token); it is stored with the
    /// spent token, in the same statement that marks it spent. Presenting a spent token again within
    /// `reuseGrace` seconds answers that same stored successor, so two requests racing with one
    /// token (two tabs refreshing at once) both get it; later, it revokes the session, so a stolen
    /// token dies the moment either party uses it twice.
    ///
    /// Race-safe on both databases: on SQLite transactions run one at a time, and the second sees the
    /// first's successor; on PostgreSQL the second's conditional update waits for the first to commit,
    /// finds the token spent, and reads the successor the first stored.
    public func rotate(
        refreshTokenHash: String, app: AppID, newHash: String, newExpiresAt: Date, reuseGrace: TimeInterval,
        successor: @escaping @Sendable (RotatingSession) async throws -> String
    ) async throws -> RotationResult {
        let now = clock.now()
        return try await database.transaction { db in
            guard
                let row = try await db.raw(
                    """
                    SELECT t.session_id, t.user_id, t.expires_at, t.used_at, t.successor, s.revoked_at, s.app, s.created_at
                    FROM refresh_tokens t JOIN auth_sessions s ON s.id = t.session_id
                    WHERE t.token_hash = \(bind: refreshTokenHash)
                    """
                ).first()
            else { return .unknown }
            let session = try row.uuid("session_id")
            let user = UserID(try row.uuid("user_id"))
            guard try row.decode(column: "app", as: String.self) == app.rawValue else { return .unknown }
            if try row.decodeNil(column: "revoked_at") == false { return .revoked }
            if let usedAt = try row.decode(column: "used_at", as: Date?.self) {
                return try await presentedAgain(
                    session: session, usedAt: usedAt, successor: try row.decode(column: "successor", as: String?.self), grace: reuseGrace, now: now, on: db)
            }
            if try row.decode(column: "expires_at", as: Date.self) <= now { return .expired }
            let sealed = try await successor(
                RotatingSession(user: user, session: session, signedInAt: try row.decode(column: "created_at", as: Date.self)))
            // Kept only when a second presentation can be answered with it.
            let stored: String? = reuseGrace > 0 ? sealed : nil
            let claimed = try await db.raw(
                """
                UPDATE refresh_tokens SET used_at = \(bind: now), successor = \(bind: stored)
                WHERE token_hash = \(bind: refreshTokenHash) AND used_at IS NULL RETURNING token_hash
                """
            ).all()
            guard !claimed.isEmpty else {
                // Spent meanwhile by a request racing this one (PostgreSQL): what it stored, read now
                // that it has committed.
                guard
                    let spent = try await db.raw("SELECT used_at, successor FROM refresh_tokens WHERE token_hash = \(bind: refreshTokenHash)").first(),
                    let usedAt = try spent.decode(column: "used_at", as: Date?.self)
                else { return .unknown }
                return try await presentedAgain(
                    session: session, usedAt: usedAt, successor: try spent.decode(column: "successor", as: String?.self), grace: reuseGrace, now: now, on: db)
            }
            try await db.raw(
                """
                INSERT INTO refresh_tokens (token_hash, session_id, user_id, created_at, expires_at)
                VALUES (\(bind: newHash), \(bind: session), \(bind: user.uuid), \(bind: now), \(bind: newExpiresAt))
                """
            ).run()
            return .rotated(successor: sealed)
        }
    }

    /// A spent token presented again: within the grace window, the successor its exchange stored;
    /// after it (or with nothing stored), the session is revoked and its stored successors forgotten.
    private func presentedAgain(
        session: UUID, usedAt: Date, successor: String?, grace: TimeInterval, now: Date, on db: any SQLDatabase
    ) async throws -> RotationResult {
        if let successor, now.timeIntervalSince(usedAt) < grace { return .rotated(successor: successor) }
        try await Self.revoke(session: session, reason: "refresh_token_reuse", at: now, on: db)
        try await db.raw("UPDATE refresh_tokens SET successor = NULL WHERE session_id = \(bind: session) AND successor IS NOT NULL").run()
        try await SessionRevocation.session(session).announce(on: db)
        liveSessions.forget(session: session)
        return .reused
    }

    /// Forgets the successors stored with tokens spent more than `grace` seconds ago (they can no
    /// longer be answered); returns how many. Run by a recurring job, so no successor outlives its
    /// window by much.
    @discardableResult
    public func forgetSpentSuccessors(grace: TimeInterval) async throws -> Int {
        let cutoff = clock.now().addingTimeInterval(-grace)
        return try await database.transaction { db in
            try await db.raw(
                """
                UPDATE refresh_tokens SET successor = NULL WHERE successor IS NOT NULL AND used_at < \(bind: cutoff) RETURNING token_hash
                """
            ).all().count
        }
    }

    /// The job kind of ``forgetSpentSuccessors(grace:)``.
    public static let successorPurgeJobKind = "platform.refresh_successors_purge"
    /// Its kind before the rename to ``successorPurgeJobKind``: still run for a release, for the
    /// occurrence a server of the release before left queued.
    public static let formerSuccessorPurgeJobKind = "refresh-successors-purge"

    static func revoke(session: UUID, reason: String, at now: Date, on db: any SQLDatabase) async throws {
        try await db.raw(
            """
            UPDATE auth_sessions SET revoked_at = \(bind: now), revoked_reason = \(bind: reason) WHERE id = \(bind: session) AND revoked_at IS NULL
            """
        ).run()
    }

    /// Revokes one of the user's sessions (sign-out).
    public func revokeSession(_ session: UUID, user: UserID, reason: String) async throws {
        let now = clock.now()
        try await database.transaction { db in
            try await db.raw(
                """
                UPDATE auth_sessions SET revoked_at = \(bind: now), revoked_reason = \(bind: reason)
                WHERE id = \(bind: session) AND user_id = \(bind: user.uuid) AND revoked_at IS NULL
                """
            ).run()
            try await SessionRevocation.session(session).announce(on: db)
        }
        liveSessions.forget(session: session)
    }

    /// Whether an access token's session is still live (not revoked, user not deleted).
    public func isSessionActive(_ identity: AuthIdentity) async throws -> Bool {
        let now = clock.now()
        if liveSessions.isKnownLive(identity, now: now) { return true }
        let mark = liveSessions.evictionMark
        let live = try await database.read { db in
            try await db.raw(
                """
                SELECT 1 AS live FROM auth_sessions
                WHERE id = \(bind: identity.sessionID) AND user_id = \(bind: identity.userID.uuid) AND app = \(bind: identity.app.rawValue) AND revoked_at IS NULL
                """
            ).first() != nil
        }
        if live { liveSessions.remember(identity, now: now, checkedSince: mark) }
        return live
    }
}

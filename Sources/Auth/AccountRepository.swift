import Foundation
import Persistence
import PlatformCore
import SQLKit

/// A registered push token on one of the user's devices.
public struct DeviceToken: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case token, platform, createdAt = "created_at", updatedAt = "updated_at" }
    public var token: String
    public var platform: String
    public var createdAt: Date
    public var updatedAt: Date
}

/// The quiet hours (whole local hours, start to end) a new account starts with: the platform's 22–8
/// unless the app's delivery rules name another window. The user edits them
/// afterwards through the platform's notification preferences.
public struct DefaultQuietHours: Sendable, Equatable {
    public var start: Int
    public var end: Int

    public init(start: Int, end: Int) {
        self.start = start
        self.end = end
    }

    /// The schema's default (`users.quiet_hours_start/_end`).
    public static let platform = DefaultQuietHours(start: 22, end: 8)
}

/// The platform's account tables: users per app, their sign-in identities, sessions with rotating
/// refresh tokens, device tokens and notification preferences. Every query is scoped by user (and
/// app where the row carries one).
public struct AccountRepository: Sendable {
    let database: any Database
    let clock: any TimeSource
    let liveSessions: LiveSessionCache
    /// The quiet hours a new account of an app starts with when the app's rules name their own
    /// (``DefaultQuietHours``); other apps' accounts start with the schema's 22–8.
    let quietHoursDefaults: [AppID: DefaultQuietHours]

    public init(
        database: any Database, clock: any TimeSource, liveSessions: LiveSessionCache = LiveSessionCache(ttl: 0), quietHoursDefaults: [AppID: DefaultQuietHours] = [:]
    ) {
        self.database = database
        self.clock = clock
        self.liveSessions = liveSessions
        self.quietHoursDefaults = quietHoursDefaults
    }

    /// The user a provider identity already belongs to in `app`, or nil (never creates one): how a
    /// re-authentication is matched to the signed-in account.
    public func findUser(app: AppID, provider: String, subject: String) async throws -> UserID? {
        try await database.read { db in
            try await db.raw(
                """
                SELECT user_id FROM user_identities WHERE app = \(bind: app.rawValue) AND provider = \(bind: provider) AND subject = \(bind: subject)
                """
            ).first().map { UserID(try $0.uuid("user_id")) }
        }
    }

    /// The user signed in through `provider`/`subject` for `app`, created on first sign-in. Two
    /// first sign-ins racing each other end with one account: the loser's insert hits the primary
    /// key of `user_identities`, and it reads the winner's row instead.
    public func findOrCreateUser(app: AppID, provider: String, subject: String, email: String?) async throws -> UserID {
        do {
            return try await findOrInsertUser(app: app, provider: provider, subject: subject, email: email)
        } catch  where error.isUniqueViolation {
            return try await findOrInsertUser(app: app, provider: provider, subject: subject, email: email)
        }
    }

    private func findOrInsertUser(app: AppID, provider: String, subject: String, email: String?) async throws -> UserID {
        let now = clock.now()
        return try await database.transaction { db in
            if let row = try await db.raw(
                """
                SELECT user_id FROM user_identities WHERE app = \(bind: app.rawValue) AND provider = \(bind: provider) AND subject = \(bind: subject)
                """
            ).first() {
                return UserID(try row.uuid("user_id"))
            }
            let user = UserID()
            let quiet = quietHoursDefaults[app] ?? .platform
            try await db.raw(
                """
                INSERT INTO users (id, app, email, quiet_hours_start, quiet_hours_end, created_at, updated_at)
                VALUES (\(bind: user.uuid), \(bind: app.rawValue), \(bind: email), \(bind: quiet.start), \(bind: quiet.end), \(bind: now), \(bind: now))
                """
            ).run()
            try await db.raw(
                """
                INSERT INTO user_identities (app, provider, subject, user_id, email, created_at)
                VALUES (\(bind: app.rawValue), \(bind: provider), \(bind: subject), \(bind: user.uuid), \(bind: email), \(bind: now))
                """
            ).run()
            return user
        }
    }

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
    public static let successorPurgeJobKind = "refresh-successors-purge"

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

    /// The account's email, name (password accounts have one) and creation time, for exports.
    public func profile(_ user: UserID) async throws -> (email: String?, name: String?, createdAt: Date)? {
        try await database.read { db in
            guard let row = try await db.raw("SELECT email, name, created_at FROM users WHERE id = \(bind: user.uuid)").first() else { return nil }
            return (
                try row.decode(column: "email", as: String?.self), try row.decode(column: "name", as: String?.self),
                try row.decode(column: "created_at", as: Date.self)
            )
        }
    }

    /// Deletes the account and, through cascades, every row that belongs to it on either database.
    /// Writes for the account lock its row first (``Database/transaction(owner:_:)``), so they queue
    /// behind or ahead of the deletion; should anything else still collide with it (a PostgreSQL
    /// deadlock), the deletion is tried again, up to three times.
    public func deleteUser(_ user: UserID) async throws {
        for attempt in 1...3 {
            do {
                try await database.transaction { db in
                    try await db.raw("DELETE FROM users WHERE id = \(bind: user.uuid)").run()
                    try await SessionRevocation.user(user).announce(on: db)
                }
                break
            } catch  where error.isTransactionConflict && attempt < 3 {
                continue
            }
        }
        liveSessions.forget(user: user)
    }

    // MARK: Devices

    /// Registers a push token for the user; returns `true` when it is new *to this user*, `false`
    /// when the user had already registered it. A token registered to another account of the app (a
    /// phone that changed hands) is taken from that account — its row is deleted, so its pushes stop
    /// reaching the device — and registered afresh, answered exactly like a new token: the caller
    /// learns nothing about the previous owner. A concurrent registration of the same token is
    /// decided again once the other has landed.
    public func registerDevice(user: UserID, app: AppID, token: String, platform: String) async throws -> Bool {
        do {
            return try await upsertDevice(user: user, app: app, token: token, platform: platform)
        } catch  where error.isUniqueViolation {
            return try await upsertDevice(user: user, app: app, token: token, platform: platform)
        }
    }

    private func upsertDevice(user: UserID, app: AppID, token: String, platform: String) async throws -> Bool {
        let now = clock.now()
        return try await database.transaction(owner: user.uuid) { db in
            if let existing = try await db.raw("SELECT user_id FROM device_tokens WHERE app = \(bind: app.rawValue) AND token = \(bind: token)").first() {
                if try existing.uuid("user_id") == user.uuid {
                    try await db.raw(
                        """
                        UPDATE device_tokens SET platform = \(bind: platform), updated_at = \(bind: now)
                        WHERE app = \(bind: app.rawValue) AND token = \(bind: token)
                        """
                    ).run()
                    return false
                }
                try await db.raw("DELETE FROM device_tokens WHERE app = \(bind: app.rawValue) AND token = \(bind: token)").run()
            }
            try await db.raw(
                """
                INSERT INTO device_tokens (id, user_id, app, token, platform, created_at, updated_at)
                VALUES (\(bind: UUID()), \(bind: user.uuid), \(bind: app.rawValue), \(bind: token), \(bind: platform), \(bind: now), \(bind: now))
                """
            ).run()
            return true
        }
    }

    /// Forgets a push token the push service reported as no longer valid (APNs 410, BadDeviceToken).
    public func removeDevice(app: AppID, token: String) async throws {
        try await database.transaction { db in
            try await db.raw("DELETE FROM device_tokens WHERE app = \(bind: app.rawValue) AND token = \(bind: token)").run()
        }
    }

    public func devices(of user: UserID) async throws -> [DeviceToken] {
        try await database.read { db in
            try await db.raw(
                """
                SELECT token, platform, created_at, updated_at FROM device_tokens WHERE user_id = \(bind: user.uuid) ORDER BY created_at
                """
            ).all().map { row in
                DeviceToken(
                    token: try row.decode(column: "token", as: String.self),
                    platform: try row.decode(column: "platform", as: String.self),
                    createdAt: try row.decode(column: "created_at", as: Date.self),
                    updatedAt: try row.decode(column: "updated_at", as: Date.self)
                )
            }
        }
    }

    // MARK: Notification preferences

    public func preferences(of user: UserID) async throws -> NotificationPreferences? {
        try await database.read { db in
            guard
                let row = try await db.raw(
                    """
                    SELECT notifications_enabled, quiet_hours_start, quiet_hours_end, timezone, hide_notification_details FROM users WHERE id = \(bind: user.uuid)
                    """
                ).first()
            else { return nil }
            return NotificationPreferences(
                notificationsEnabled: try row.decode(column: "notifications_enabled", as: Bool.self),
                quietHoursStart: try row.decode(column: "quiet_hours_start", as: Int.self),
                quietHoursEnd: try row.decode(column: "quiet_hours_end", as: Int.self),
                timezone: try row.decode(column: "timezone", as: String?.self),
                hideNotificationDetails: try row.decode(column: "hide_notification_details", as: Bool.self)
            )
        }
    }

    public func savePreferences(_ preferences: NotificationPreferences, of user: UserID) async throws {
        let now = clock.now()
        try await database.transaction { db in
            try await db.raw(
                """
                UPDATE users SET notifications_enabled = \(bind: preferences.notificationsEnabled), quiet_hours_start = \(bind: preferences.quietHoursStart),
                    quiet_hours_end = \(bind: preferences.quietHoursEnd), timezone = \(bind: preferences.timezone),
                    hide_notification_details = \(bind: preferences.hideNotificationDetails), updated_at = \(bind: now)
                WHERE id = \(bind: user.uuid)
                """
            ).run()
        }
    }
}

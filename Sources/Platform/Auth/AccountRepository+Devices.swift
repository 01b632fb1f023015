import Foundation
import Persistence
import PlatformCore
import SQLKit

/// The user's registered push tokens.
extension AccountRepository {
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
}

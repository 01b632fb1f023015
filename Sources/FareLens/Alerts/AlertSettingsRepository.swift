import FareLensAPI
import Foundation
import Persistence
import PlatformAPI
import PlatformCore
import SQLKit

/// Each user's alert settings: the immediate-alert threshold (`farelens_alert_preferences`, 80 until
/// set) and the mute list (`farelens_alert_mutes`, a row per muted route or airline, so each mute has
/// an id its undo names).
public struct AlertSettingsRepository: Sendable {
    let database: any Database
    let clock: any TimeSource

    public init(database: any Database, clock: any TimeSource) {
        self.database = database
        self.clock = clock
    }

    /// The user's threshold and mutes.
    public func preferences(for user: UserID) async throws -> AlertPreferences {
        try await database.read { db in try await Self.preferences(for: user, in: db) }
    }

    static func preferences(for user: UserID, in db: any SQLDatabase) async throws -> AlertPreferences {
        let threshold =
            try await db.raw("SELECT immediate_threshold FROM farelens_alert_preferences WHERE user_id = \(bind: user.uuid)").first()?
            .decode(column: "immediate_threshold", as: Int.self) ?? AlertRules.defaultThreshold
        let mutes = try await db.raw("SELECT id, origin, destination, airline, created_at FROM farelens_alert_mutes WHERE user_id = \(bind: user.uuid) ORDER BY target")
            .all().map(Self.mute(from:))
        return AlertPreferences(
            immediateThreshold: threshold, mutedRoutes: mutes.compactMap(\.route), mutedAirlines: mutes.compactMap(\.airline))
    }

    /// Replaces the user's settings with `preferences` (the mute list as a whole: mutes not in it go).
    public func replace(with preferences: AlertPreferences, for user: UserID) async throws {
        let now = clock.now()
        try await database.transaction(owner: user.uuid) { db in
            try await db.raw(
                """
                INSERT INTO farelens_alert_preferences (user_id, immediate_threshold, updated_at) VALUES (\(bind: user.uuid), \(bind: preferences.immediateThreshold), \(bind: now))
                ON CONFLICT (user_id) DO UPDATE SET immediate_threshold = excluded.immediate_threshold, updated_at = excluded.updated_at
                """
            ).run()
            let wanted = preferences.mutedRoutes.map(AlertMuteTarget.route) + preferences.mutedAirlines.map(AlertMuteTarget.airline)
            let keys = Set(wanted.map(Self.key))
            let existing = try await db.raw("SELECT id, target FROM farelens_alert_mutes WHERE user_id = \(bind: user.uuid)").all()
            for row in existing where !keys.contains(try row.decode(column: "target", as: String.self)) {
                try await db.raw("DELETE FROM farelens_alert_mutes WHERE id = \(bind: try row.uuid("id"))").run()
            }
            for target in wanted { _ = try await Self.insert(target, for: user, now: now, in: db) }
        }
    }

    /// Mutes `target` for the user; answers the mute (the existing one when it was muted already).
    public func mute(_ target: AlertMuteTarget, for user: UserID) async throws -> AlertMute {
        let now = clock.now()
        return try await database.transaction(owner: user.uuid) { db in try await Self.insert(target, for: user, now: now, in: db) }
    }

    /// Undoes one of the user's mutes; false when they have none with this id.
    public func unmute(_ id: AlertMuteID, for user: UserID) async throws -> Bool {
        try await database.transaction(owner: user.uuid) { db in
            try await db.raw("DELETE FROM farelens_alert_mutes WHERE id = \(bind: id.uuid) AND user_id = \(bind: user.uuid) RETURNING id").first() != nil
        }
    }

    static func insert(_ target: AlertMuteTarget, for user: UserID, now: Date, in db: any SQLDatabase) async throws -> AlertMute {
        let (origin, destination, airline): (String?, String?, String?) =
            switch target {
            case .route(let route): (route.origin, route.destination, nil)
            case .airline(let code): (nil, nil, code)
            }
        try await db.raw(
            """
            INSERT INTO farelens_alert_mutes (id, user_id, origin, destination, airline, target, created_at)
            VALUES (\(bind: UUID()), \(bind: user.uuid), \(bind: origin), \(bind: destination), \(bind: airline), \(bind: key(target)), \(bind: now))
            ON CONFLICT (user_id, target) DO NOTHING
            """
        ).run()
        guard
            let row = try await db.raw(
                "SELECT id, origin, destination, airline, created_at FROM farelens_alert_mutes WHERE user_id = \(bind: user.uuid) AND target = \(bind: key(target))"
            ).first()
        else { throw APIError.notFound(AlertMuteID.notFoundName, code: AlertMuteID.notFoundCode) }
        return try mute(from: row)
    }

    /// The row's unique key: `route:LAX-JFK` or `airline:UA`.
    static func key(_ target: AlertMuteTarget) -> String {
        switch target {
        case .route(let route): "route:\(route.origin)-\(route.destination)"
        case .airline(let code): "airline:\(code)"
        }
    }

    static func mute(from row: any SQLRow) throws -> AlertMute {
        let origin = try row.decode(column: "origin", as: String?.self)
        let destination = try row.decode(column: "destination", as: String?.self)
        let route = origin.flatMap { origin in destination.map { MutedRoute(origin: origin, destination: $0) } }
        return AlertMute(
            id: AlertMuteID(try row.uuid("id")), route: route, airline: try row.decode(column: "airline", as: String?.self),
            createdAt: try row.decode(column: "created_at", as: Date.self))
    }
}

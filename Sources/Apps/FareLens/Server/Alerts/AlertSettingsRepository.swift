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
    /// The airports and metro codes a muted route may name.
    let catalog: AirportCatalog

    public init(database: any Database, clock: any TimeSource, catalog: AirportCatalog = .shipped) {
        self.database = database
        self.clock = clock
        self.catalog = catalog
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

    /// Applies `input` to the user's settings in one transaction (under the user's lock, so a mute
    /// made meanwhile is either seen or waits): the threshold when given, and only the mute lists the
    /// body names, each replaced as a whole (a list left out keeps its mutes). 422 for a bad value or
    /// a route naming an unknown airport or metro code. Answers the settings as they now are.
    public func update(with input: AlertPreferencesChanges, for user: UserID) async throws -> AlertPreferences {
        let now = clock.now()
        let catalog = catalog
        return try await database.transaction(owner: user.uuid) { db in
            let updated = input.applied(to: try await Self.preferences(for: user, in: db))
            if input.mutedRoutes != nil {
                var v = Validator()
                v.check(updated.mutedRoutes.allSatisfy { Self.isKnown($0, in: catalog) }, "muted_routes", Self.unknownRoute)
                try v.throwIfInvalid()
            }
            try await db.raw(
                """
                INSERT INTO farelens_alert_preferences (user_id, immediate_threshold, updated_at) VALUES (\(bind: user.uuid), \(bind: updated.immediateThreshold), \(bind: now))
                ON CONFLICT (user_id) DO UPDATE SET immediate_threshold = excluded.immediate_threshold, updated_at = excluded.updated_at
                """
            ).run()
            if input.mutedRoutes != nil { try await Self.replace(kind: "route", with: updated.mutedRoutes.map(AlertMuteTarget.route), for: user, now: now, in: db) }
            if input.mutedAirlines != nil {
                try await Self.replace(kind: "airline", with: updated.mutedAirlines.map(AlertMuteTarget.airline), for: user, now: now, in: db)
            }
            return try await Self.preferences(for: user, in: db)
        }
    }

    /// Makes the user's mutes of one kind (`route`, `airline`) exactly `wanted` (the ones kept keep their ids).
    static func replace(kind: String, with wanted: [AlertMuteTarget], for user: UserID, now: Date, in db: any SQLDatabase) async throws {
        let keys = Set(wanted.map(Self.key))
        let existing = try await db.raw("SELECT id, target FROM farelens_alert_mutes WHERE user_id = \(bind: user.uuid) AND target LIKE \(bind: kind + ":%")").all()
        for row in existing where !keys.contains(try row.decode(column: "target", as: String.self)) {
            try await db.raw("DELETE FROM farelens_alert_mutes WHERE id = \(bind: try row.uuid("id"))").run()
        }
        for target in wanted { _ = try await insert(target, for: user, now: now, in: db) }
    }

    /// Mutes `target` for the user; answers the mute (the existing one when it was muted already,
    /// whatever the count). A new mute past ``AlertRules/maxMutes`` of its kind, or a route naming
    /// an unknown airport or metro code, is a 422 naming `route` or `airline`.
    public func mute(_ target: AlertMuteTarget, for user: UserID) async throws -> AlertMute {
        let now = clock.now()
        let field = Self.kind(of: target)
        if case .route(let route) = target, !Self.isKnown(route, in: catalog) {
            var v = Validator()
            v.fail(field, Self.unknownRoute)
            try v.throwIfInvalid()
        }
        return try await database.transaction(owner: user.uuid) { db in
            if let row = try await Self.existing(target, for: user, in: db) { return try Self.mute(from: row) }
            let count =
                try await db.raw(
                    "SELECT COUNT(*) AS n FROM farelens_alert_mutes WHERE user_id = \(bind: user.uuid) AND target LIKE \(bind: field + ":%")"
                ).first()?.decode(column: "n", as: Int.self) ?? 0
            var v = Validator()
            v.check(count < AlertRules.maxMutes, field, "at most \(AlertRules.maxMutes) muted \(field)s; undo one first")
            try v.throwIfInvalid()
            return try await Self.insert(target, for: user, now: now, in: db)
        }
    }

    static let unknownRoute = "must name known airport or metro codes"

    /// Both codes are airports or metro codes of the catalog (what watchlists accept).
    static func isKnown(_ route: MutedRoute, in catalog: AirportCatalog) -> Bool {
        !catalog.airports(for: route.origin).isEmpty && !catalog.airports(for: route.destination).isEmpty
    }

    /// `route` or `airline`: the request's field and the key's prefix.
    static func kind(of target: AlertMuteTarget) -> String {
        switch target {
        case .route: "route"
        case .airline: "airline"
        }
    }

    static func existing(_ target: AlertMuteTarget, for user: UserID, in db: any SQLDatabase) async throws -> (any SQLRow)? {
        try await db.raw(
            "SELECT id, origin, destination, airline, created_at FROM farelens_alert_mutes WHERE user_id = \(bind: user.uuid) AND target = \(bind: key(target))"
        ).first()
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
        guard let row = try await existing(target, for: user, in: db) else { throw AlertMuteNotFound() }
        return try mute(from: row)
    }

    /// The row's unique key: `route:LAX-JFK` or `airline:UA`.
    static func key(_ target: AlertMuteTarget) -> String {
        switch target {
        case .route(let route): "\(kind(of: target)):\(route.origin)-\(route.destination)"
        case .airline(let code): "\(kind(of: target)):\(code)"
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

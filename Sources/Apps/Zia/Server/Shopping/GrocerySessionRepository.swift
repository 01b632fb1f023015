import Foundation
import Persistence
import PlatformCore
import SQLKit
import ZiaAPI
import ZiaAssistant

/// The user's shopping sessions (`zia_grocery_sessions`) and their items
/// (`zia_grocery_session_items`, numbered by `position`), and the meal plans they start from
/// (`zia_artifacts`, read only). Every method takes the user: another user's session is a missing one.
public struct GrocerySessionRepository: Sendable {
    let database: any Database
    let clock: any TimeSource

    public init(database: any Database, clock: any TimeSource) {
        self.database = database
        self.clock = clock
    }

    /// Why a change to a session was refused.
    public enum Refusal: Error, Equatable {
        case sessionNotFound, itemNotFound, closed(GrocerySessionStatus)
    }

    /// Why a meal plan could not be read.
    public enum ArtifactProblem: Error, Equatable {
        case notFound, notAMealPlan
    }

    /// The grocery list of the user's saved meal plan `id` (`payload.grocery.aisles`; an empty list when it has none).
    public func mealPlanGrocery(_ id: UUID, for user: UserID) async throws -> Result<GroceryList, ArtifactProblem> {
        let row = try await database.read { db in
            try await db.raw("SELECT artifact_type, payload FROM zia_artifacts WHERE id = \(bind: id) AND user_id = \(bind: user.uuid)").first()
        }
        guard let row else { return .failure(.notFound) }
        guard try row.decode(column: "artifact_type", as: String.self) == "meal_plan" else { return .failure(.notAMealPlan) }
        struct Payload: Decodable { var grocery: GroceryList? }
        let payload = try? JSONDecoder().decode(Payload.self, from: Data(try row.decode(column: "payload", as: String.self).utf8))
        return .success(payload?.grocery ?? GroceryList())
    }

    /// Starts a session of `items` (abandoning the one in progress; docs/zia.md, "Grocery sessions").
    public func start(_ items: [GroceryList.Item], aisles: [GroceryAisle], artifact: UUID?, autoAddToPantry: Bool, for user: UserID) async throws -> GrocerySession {
        let now = clock.now()
        let id = GrocerySessionID()
        return try await database.transaction(owner: user.uuid) { db in
            try await Self.serialise(user, db)
            try await db.raw(
                "UPDATE zia_grocery_sessions SET status = 'abandoned', ended_at = \(bind: now) WHERE user_id = \(bind: user.uuid) AND status = 'in_progress'"
            ).run()
            try await db.raw(
                """
                INSERT INTO zia_grocery_sessions (id, user_id, artifact_id, status, auto_add_to_pantry, started_at)
                VALUES (\(bind: id.uuid), \(bind: user.uuid), \(bind: artifact), 'in_progress', \(bind: autoAddToPantry), \(bind: now))
                """
            ).run()
            for (position, (item, aisle)) in zip(items, aisles).enumerated() {
                try await db.raw(
                    """
                    INSERT INTO zia_grocery_session_items (id, session_id, user_id, position, name, quantity, unit, aisle, checked, skipped)
                    VALUES (\(bind: UUID()), \(bind: id.uuid), \(bind: user.uuid), \(bind: position), \(bind: item.name), \(bind: item.quantity), \(bind: item.unit),
                        \(bind: aisle.rawValue), \(bind: false), \(bind: false))
                    """
                ).run()
            }
            return try await Self.session(id, for: user, db)!
        }
    }

    /// The user's session in progress, if any.
    public func active(for user: UserID) async throws -> GrocerySession? {
        try await database.read { db in
            guard
                let row = try await db.raw("SELECT id FROM zia_grocery_sessions WHERE user_id = \(bind: user.uuid) AND status = 'in_progress' ORDER BY started_at DESC LIMIT 1")
                    .first()
            else { return nil }
            return try await Self.session(GrocerySessionID(try row.uuid("id")), for: user, db)
        }
    }

    /// Checks or unchecks an item (checking one takes its skip back).
    public func check(_ item: UUID, _ checked: Bool, in id: GrocerySessionID, for user: UserID) async throws -> Result<GrocerySession, Refusal> {
        let now = clock.now()
        return try await changing(id, item: item, for: user) { db in
            try await db.raw(
                "UPDATE zia_grocery_session_items SET checked = \(bind: checked), skipped = \(bind: false), checked_at = \(bind: checked ? now : nil) WHERE id = \(bind: item)"
            ).run()
        }
    }

    /// Skips an item (unchecking it).
    public func skip(_ item: UUID, in id: GrocerySessionID, for user: UserID) async throws -> Result<GrocerySession, Refusal> {
        try await changing(id, item: item, for: user) { db in
            try await db.raw("UPDATE zia_grocery_session_items SET skipped = \(bind: true), checked = \(bind: false), checked_at = NULL WHERE id = \(bind: item)").run()
        }
    }

    public func abandon(_ id: GrocerySessionID, for user: UserID) async throws -> Result<GrocerySession, Refusal> {
        let now = clock.now()
        return try await changing(id, item: nil, for: user) { db in
            try await db.raw("UPDATE zia_grocery_sessions SET status = 'abandoned', ended_at = \(bind: now) WHERE id = \(bind: id.uuid)").run()
        }
    }

    /// Completes a session (early too); when it adds to the pantry, its checked, not skipped items
    /// are merged into the user's pantry in the same transaction.
    public func complete(_ id: GrocerySessionID, for user: UserID) async throws -> Result<CompletedGrocerySession, Refusal> {
        let now = clock.now()
        return try await database.transaction(owner: user.uuid) { db in
            try await Self.serialise(user, db)
            switch try await Self.lockOpen(id, for: user, db) {
            case .failure(let refusal): return .failure(refusal)
            case .success(let autoAdd):
                try await db.raw("UPDATE zia_grocery_sessions SET status = 'completed', ended_at = \(bind: now) WHERE id = \(bind: id.uuid)").run()
                let session = try await Self.session(id, for: user, db)!
                let bought = session.items.filter { $0.checked && !$0.skipped }.map { GroceryEntry(name: $0.name, quantity: $0.quantity, unit: $0.unit, aisle: $0.aisle) }
                let added = autoAdd ? try await PantryRepository.merge(bought, for: user, at: now, db) : []
                return .success(CompletedGrocerySession(session: session, itemsAdded: added))
            }
        }
    }

    /// The user's trips counted, with their learned aisle order.
    public func stats(for user: UserID) async throws -> GroceryShoppingStats {
        try await database.read { db in
            let counts = try await db.raw("SELECT status, COUNT(*) AS n FROM zia_grocery_sessions WHERE user_id = \(bind: user.uuid) GROUP BY status").all()
            var byStatus: [String: Int] = [:]
            for row in counts { byStatus[try row.decode(column: "status", as: String.self)] = try row.decode(column: "n", as: Int.self) }
            let items = try await db.raw(
                """
                SELECT i.skipped AS skipped, COUNT(*) AS n FROM zia_grocery_session_items i JOIN zia_grocery_sessions s ON s.id = i.session_id
                WHERE s.user_id = \(bind: user.uuid) AND s.status = 'completed' AND (i.checked = \(bind: true) OR i.skipped = \(bind: true)) GROUP BY i.skipped
                """
            ).all()
            var purchased = 0, skipped = 0
            for row in items {
                if try row.decode(column: "skipped", as: Bool.self) {
                    skipped = try row.decode(column: "n", as: Int.self)
                } else {
                    purchased = try row.decode(column: "n", as: Int.self)
                }
            }
            let completed = byStatus["completed"] ?? 0, abandoned = byStatus["abandoned"] ?? 0
            return GroceryShoppingStats(
                sessionsTotal: byStatus.values.reduce(0, +), sessionsCompleted: completed, sessionsAbandoned: abandoned, itemsPurchased: purchased, itemsSkipped: skipped,
                completionRate: completed + abandoned == 0 ? 0 : (Double(completed) / Double(completed + abandoned) * 1000).rounded() / 1000,
                aisleOrder: try await Self.aisleOrder(for: user, db))
        }
    }

    /// Every session of the user with its items, for the export.
    public func all(for user: UserID) async throws -> [GrocerySession] {
        try await database.read { db in
            var sessions: [GrocerySession] = []
            for row in try await db.raw("SELECT id FROM zia_grocery_sessions WHERE user_id = \(bind: user.uuid) ORDER BY started_at, id").all() {
                if let session = try await Self.session(GrocerySessionID(try row.uuid("id")), for: user, db) { sessions.append(session) }
            }
            return sessions
        }
    }

    /// Runs `change` on the user's open session (locked), after finding `item` in it when given; answers the session after.
    private func changing(
        _ id: GrocerySessionID, item: UUID?, for user: UserID, _ change: @escaping @Sendable (any SQLDatabase) async throws -> Void
    ) async throws -> Result<GrocerySession, Refusal> {
        try await database.transaction(owner: user.uuid) { db in
            if case .failure(let refusal) = try await Self.lockOpen(id, for: user, db) { return .failure(refusal) }
            if let item, try await db.raw("SELECT id FROM zia_grocery_session_items WHERE id = \(bind: item) AND session_id = \(bind: id.uuid)").first() == nil {
                return .failure(.itemNotFound)
            }
            try await change(db)
            return .success(try await Self.session(id, for: user, db)!)
        }
    }

    /// Orders the user's starts and completions (one session in progress, one pantry merge at a
    /// time): a transaction-scoped advisory lock on PostgreSQL; SQLite's single writer already does.
    private static func serialise(_ user: UserID, _ db: any SQLDatabase) async throws {
        try await db.serializeTransactions(on: "zia.grocery." + user.uuid.uuidString)
    }

    /// Locks the user's session; its `auto_add_to_pantry` when it is in progress.
    private static func lockOpen(_ id: GrocerySessionID, for user: UserID, _ db: any SQLDatabase) async throws -> Result<Bool, Refusal> {
        let lock: SQLQueryString = db.isPostgres ? " FOR UPDATE" : ""
        guard
            let row = try await db.raw(
                "SELECT status, auto_add_to_pantry FROM zia_grocery_sessions WHERE id = \(bind: id.uuid) AND user_id = \(bind: user.uuid)\(lock)"
            ).first()
        else { return .failure(.sessionNotFound) }
        let status = GrocerySessionStatus(rawValue: try row.decode(column: "status", as: String.self)) ?? .abandoned
        guard status == .inProgress else { return .failure(.closed(status)) }
        return .success(try row.decode(column: "auto_add_to_pantry", as: Bool.self))
    }

    /// The user's session with its items in their learned aisle order; nil when they have no such session.
    static func session(_ id: GrocerySessionID, for user: UserID, _ db: any SQLDatabase) async throws -> GrocerySession? {
        guard
            let row = try await db.raw(
                "SELECT status, artifact_id, auto_add_to_pantry, started_at, ended_at FROM zia_grocery_sessions WHERE id = \(bind: id.uuid) AND user_id = \(bind: user.uuid)"
            ).first()
        else { return nil }
        let items = try await db.raw(
            "SELECT id, name, quantity, unit, aisle, checked, skipped FROM zia_grocery_session_items WHERE session_id = \(bind: id.uuid) ORDER BY position"
        ).all().map { item in
            GrocerySessionItem(
                id: try item.uuid("id"), name: try item.decode(column: "name", as: String.self), quantity: try item.decode(column: "quantity", as: Double?.self),
                unit: try item.decode(column: "unit", as: String?.self), aisle: GroceryAisle(rawValue: try item.decode(column: "aisle", as: String.self)) ?? .other,
                checked: try item.decode(column: "checked", as: Bool.self), skipped: try item.decode(column: "skipped", as: Bool.self))
        }
        let order = try await aisleOrder(for: user, before: id, db)
        return GrocerySession(
            id: id, status: GrocerySessionStatus(rawValue: try row.decode(column: "status", as: String.self)) ?? .abandoned, artifactID: try row.optionalUUID("artifact_id"),
            autoAddToPantry: try row.decode(column: "auto_add_to_pantry", as: Bool.self), aisleOrder: order, items: AisleOrder.sorted(items, by: order),
            startedAt: try row.decode(column: "started_at", as: Date.self), endedAt: try row.decode(column: "ended_at", as: Date?.self))
    }

    /// The aisle order learned from the user's last 20 completed trips (other than `session`).
    static func aisleOrder(for user: UserID, before session: GrocerySessionID? = nil, _ db: any SQLDatabase) async throws -> [GroceryAisle] {
        let rows = try await db.raw(
            """
            SELECT i.session_id AS session_id, i.aisle AS aisle, MIN(i.checked_at) AS first_checked FROM zia_grocery_session_items i
            WHERE i.session_id IN (
                SELECT id FROM zia_grocery_sessions WHERE user_id = \(bind: user.uuid) AND status = 'completed' AND id <> \(bind: session?.uuid ?? UUID())
                ORDER BY started_at DESC LIMIT 20)
            AND i.checked_at IS NOT NULL
            GROUP BY i.session_id, i.aisle
            """
        ).all()
        var trips: [UUID: [(Date, GroceryAisle)]] = [:]
        for row in rows {
            guard let aisle = GroceryAisle(rawValue: try row.decode(column: "aisle", as: String.self)) else { continue }
            trips[try row.uuid("session_id"), default: []].append((try row.decode(column: "first_checked", as: Date.self), aisle))
        }
        return AisleOrder.learned(from: trips.sorted { $0.key.uuidString < $1.key.uuidString }.map { $0.value.sorted { ($0.0, $0.1.rawValue) < ($1.0, $1.1.rawValue) }.map(\.1) })
    }
}

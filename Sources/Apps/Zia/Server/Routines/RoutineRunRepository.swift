import Foundation
import Persistence
import PlatformAPI
import PlatformCore
import SQLKit
import ZiaAPI

/// The user's routine runs (`zia_routine_runs`): one in progress at a time (starting another
/// abandons it), moved on only while in progress, completed on a local day that is stored, never
/// recomputed. Another user's run is the 404 a missing one is.
public struct RoutineRunRepository: Sendable {
    let database: any Database
    let clock: any TimeSource

    public init(database: any Database, clock: any TimeSource) {
        self.database = database
        self.clock = clock
    }

    /// What a move does to a run in progress.
    public enum Move: Sendable {
        /// One more step done, never past the total.
        case step
        /// Finished (early allowed) on this local day of the user's.
        case complete(LocalDate)
        case abandon
    }

    static func columns(_ db: any SQLDatabase) -> SQLQueryString {
        "id, artifact_id, status, steps_total, steps_completed, started_at, ended_at, \(db.dateText("local_day")) AS local_day"
    }

    /// Starts a run for `user`, abandoning the one in progress; a given artifact must be the user's.
    public func start(_ entry: RoutineRunStart, for user: UserID) async throws -> RoutineRun {
        let now = clock.now()
        let run = RoutineRun(
            id: RoutineRunID(), artifactID: entry.artifactID?.uuid, status: .inProgress, stepsTotal: entry.stepsTotal, stepsCompleted: 0, startedAt: now)
        try await database.transaction(owner: user.uuid) { db in
            if db.isPostgres {
                // Concurrent starts of one user take turns, so at most one run stays in progress
                // (SQLite's single writer orders them already); KEY SHARE owner locks are not blocked.
                try await db.raw("SELECT 1 AS found FROM users WHERE id = \(bind: user.uuid) FOR NO KEY UPDATE").run()
            }
            if let artifact = entry.artifactID?.uuid {
                let found = try await db.raw("SELECT id FROM zia_artifacts WHERE id = \(bind: artifact) AND user_id = \(bind: user.uuid)").first()
                guard found != nil else { throw RoutineArtifactNotFound() }
            }
            try await db.raw(
                """
                UPDATE zia_routine_runs SET status = \(bind: RoutineRunStatus.abandoned.rawValue), ended_at = \(bind: now)
                WHERE user_id = \(bind: user.uuid) AND status = \(bind: RoutineRunStatus.inProgress.rawValue)
                """
            ).run()
            try await db.raw(
                """
                INSERT INTO zia_routine_runs (id, user_id, artifact_id, status, steps_total, steps_completed, started_at)
                VALUES (\(bind: run.id.uuid), \(bind: user.uuid), \(bind: run.artifactID), \(bind: run.status.rawValue), \(bind: run.stepsTotal), 0, \(bind: now))
                """
            ).run()
        }
        return run
    }

    /// Applies `move` to the user's run in progress; 404 when it is not theirs, 409 when it is closed.
    public func move(_ id: RoutineRunID, for user: UserID, _ move: Move) async throws -> RoutineRun {
        let now = clock.now()
        return try await database.transaction(owner: user.uuid) { db in
            let lock: SQLQueryString = db.isPostgres ? " FOR UPDATE" : ""
            let row = try await db.raw("SELECT \(Self.columns(db)) FROM zia_routine_runs WHERE id = \(bind: id.uuid) AND user_id = \(bind: user.uuid)\(lock)").first()
            guard var run = try row.map(Self.run(from:)) else { throw RoutineRunNotFound() }
            guard run.status == .inProgress else { throw RoutineRunClosed(status: run.status) }
            switch move {
            case .step: run.stepsCompleted = min(run.stepsCompleted + 1, run.stepsTotal)
            case .complete(let day):
                run.status = .completed
                run.endedAt = now
                run.localDay = day
            case .abandon:
                run.status = .abandoned
                run.endedAt = now
            }
            try await db.raw(
                """
                UPDATE zia_routine_runs SET status = \(bind: run.status.rawValue), steps_completed = \(bind: run.stepsCompleted), ended_at = \(bind: run.endedAt),
                    local_day = \(bind: run.localDay?.description)\(db.dateCast)
                WHERE id = \(bind: id.uuid)
                """
            ).run()
            return run
        }
    }

    /// The user's run in progress, if any (the newest, should two have raced).
    public func active(for user: UserID) async throws -> RoutineRun? {
        try await database.read { db in
            try await db.raw(
                """
                SELECT \(Self.columns(db)) FROM zia_routine_runs WHERE user_id = \(bind: user.uuid) AND status = \(bind: RoutineRunStatus.inProgress.rawValue)
                ORDER BY started_at DESC, id LIMIT 1
                """
            ).first().map(Self.run(from:))
        }
    }

    /// Every run of the user's, oldest first (stats and the export).
    public func all(for user: UserID) async throws -> [RoutineRun] {
        try await database.read { db in
            try await db.raw("SELECT \(Self.columns(db)) FROM zia_routine_runs WHERE user_id = \(bind: user.uuid) ORDER BY started_at, id").all().map(Self.run(from:))
        }
    }

    static func run(from row: any SQLRow) throws -> RoutineRun {
        let statusText = try row.decode(column: "status", as: String.self)
        guard let status = RoutineRunStatus(rawValue: statusText) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "status is not a routine run status: \(statusText)"))
        }
        return RoutineRun(
            id: RoutineRunID(try row.uuid("id")), artifactID: try row.optionalUUID("artifact_id"), status: status,
            stepsTotal: try row.decode(column: "steps_total", as: Int.self), stepsCompleted: try row.decode(column: "steps_completed", as: Int.self),
            startedAt: try row.decode(column: "started_at", as: Date.self), endedAt: try row.decode(column: "ended_at", as: Date?.self),
            localDay: try row.decode(column: "local_day", as: String?.self).flatMap { LocalDate($0) })
    }
}

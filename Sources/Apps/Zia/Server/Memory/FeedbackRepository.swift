import Foundation
import Persistence
import PlatformCore
import SQLKit
import ZiaAPI

/// Feedback on the user's assistant runs (`zia_feedback`): recorded only against a run of the
/// caller's own (another user's run is the 404 an unknown one is), listed for the export.
public struct FeedbackRepository: Sendable {
    let database: any Database
    let clock: any TimeSource

    public init(database: any Database, clock: any TimeSource) {
        self.database = database
        self.clock = clock
    }

    /// Stores `entry` for `user`; answers it as stored.
    public func record(_ entry: NewFeedback, for user: UserID) async throws -> Feedback {
        let payload = try entry.payload.map { String(decoding: try $0.data(), as: UTF8.self) }
        let feedback = Feedback(id: UUID(), runID: entry.runID, signal: entry.signal, comment: entry.comment, payload: entry.payload, createdAt: clock.now())
        try await database.transaction(owner: user.uuid) { db in
            let run = try await db.raw("SELECT id FROM zia_agent_runs WHERE id = \(bind: entry.runID) AND user_id = \(bind: user.uuid)").first()
            guard run != nil else { throw AgentRunNotFound() }
            try await db.raw(
                """
                INSERT INTO zia_feedback (id, user_id, run_id, signal, comment, payload, created_at)
                VALUES (\(bind: feedback.id), \(bind: user.uuid), \(bind: feedback.runID), \(bind: feedback.signal.rawValue), \(bind: feedback.comment),
                    \(bind: payload), \(bind: feedback.createdAt))
                """
            ).run()
        }
        return feedback
    }

    /// Everything the user has given, oldest first (their export).
    public func list(for user: UserID) async throws -> [Feedback] {
        try await database.read { db in
            try await db.raw(
                "SELECT id, run_id, signal, comment, payload, created_at FROM zia_feedback WHERE user_id = \(bind: user.uuid) ORDER BY created_at, id"
            ).all().compactMap { row in
                guard let signal = FeedbackSignal(rawValue: try row.decode(column: "signal", as: String.self)) else { return nil }
                let payload = try row.decode(column: "payload", as: String?.self).flatMap { try? JSONValue(parsing: Data($0.utf8)) }
                return Feedback(
                    id: try row.uuid("id"), runID: try row.uuid("run_id"), signal: signal, comment: try row.decode(column: "comment", as: String?.self),
                    payload: payload, createdAt: try row.decode(column: "created_at", as: Date.self))
            }
        }
    }
}

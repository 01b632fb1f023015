import Foundation
import PlatformAPI

/// One time the user went through a routine step by step (Run Mode; docs/zia.md, "Routine runs"): its progress, and
/// the local day it was completed on, which streaks count.
public struct RoutineRun: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey {
        case id, artifactID = "artifact_id", status, stepsTotal = "steps_total", stepsCompleted = "steps_completed", startedAt = "started_at",
            endedAt = "ended_at", localDay = "local_day"
    }
    public var id: RoutineRunID
    /// The saved routine (an artifact of the user's) it runs, if any.
    public var artifactID: UUID?
    public var status: RoutineRunStatus
    public var stepsTotal: Int
    /// At most ``stepsTotal``.
    public var stepsCompleted: Int
    public var startedAt: Date
    /// When it was completed or abandoned.
    public var endedAt: Date?
    /// The user's calendar day (in their time zone then) it was completed on.
    public var localDay: LocalDate?

    public init(
        id: RoutineRunID, artifactID: UUID?, status: RoutineRunStatus, stepsTotal: Int, stepsCompleted: Int, startedAt: Date, endedAt: Date? = nil,
        localDay: LocalDate? = nil
    ) {
        self.id = id
        self.artifactID = artifactID
        self.status = status
        self.stepsTotal = stepsTotal
        self.stepsCompleted = stepsCompleted
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.localDay = localDay
    }

    /// Every field; an absent artifact, end or day as `null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encodeNullable(artifactID?.lowercasedString, forKey: .artifactID, in: encoder)
        try container.encode(status, forKey: .status)
        try container.encode(stepsTotal, forKey: .stepsTotal)
        try container.encode(stepsCompleted, forKey: .stepsCompleted)
        try container.encode(startedAt, forKey: .startedAt)
        try container.encodeNullable(endedAt, forKey: .endedAt, in: encoder)
        try container.encodeNullable(localDay, forKey: .localDay, in: encoder)
    }
}

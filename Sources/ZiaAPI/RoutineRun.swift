import Foundation
import PlatformAPI

/// The marker type of ``RoutineRunID``.
public enum RoutineRunEntity {}
/// A routine run's id: `{id}` of the routine-run routes.
public typealias RoutineRunID = TypedID<RoutineRunEntity>

extension RoutineRunEntity: NamedEntity {
    public static var entityName: String { "Routine run" }
    public static var notFoundCode: String { "routine_run_not_found" }
}

/// Where a routine run stands: under way, finished (early or not), or given up.
public enum RoutineRunStatus: String, Codable, Sendable, CaseIterable {
    case inProgress = "in_progress", completed, abandoned
}

/// One time the user went through a routine step by step (the seed's Run Mode): its progress, and
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

/// `GET /routine-runs/active`'s answer: the run in progress, or `null` when there is none (a 200
/// either way: having no run going is not an error).
public struct ActiveRoutineRun: Codable, Sendable, Equatable {
    public var run: RoutineRun?

    public init(_ run: RoutineRun?) { self.run = run }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        run = container.decodeNil() ? nil : try container.decode(RoutineRun.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let run { try container.encode(run) } else { try container.encodeNil() }
    }
}

/// The body of `POST /routine-runs/start`, as sent: `steps_total` (required) and the saved routine
/// it runs (`artifact_id`, optional). Loosely typed so what is wrong is a 422 naming the field.
public struct RoutineRunStart: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case artifactID = "artifact_id", stepsTotal = "steps_total" }
    public var artifactID: String?
    public var stepsTotal: Int?

    public init(artifactID: String? = nil, stepsTotal: Int?) {
        self.artifactID = artifactID
        self.stepsTotal = stepsTotal
    }

    /// A checked start: the artifact (when given) and the number of steps.
    public struct Entry: Sendable, Equatable {
        public var artifactID: UUID?
        public var stepsTotal: Int
    }

    /// `steps_total` a whole number in ``RoutineRules/stepsTotal``; `artifact_id` a UUID when given.
    public static func check(_ input: RoutineRunStart) -> Checked<Entry> {
        var v = Validator()
        var artifact: UUID?
        if let raw = input.artifactID {
            artifact = UUID(parsing: raw)
            v.check(artifact != nil, "artifact_id", "must be an artifact's id (a UUID)")
        }
        if let steps = input.stepsTotal {
            v.check(RoutineRules.stepsTotal.contains(steps), "steps_total", "must be from \(RoutineRules.stepsTotal.lowerBound) to \(RoutineRules.stepsTotal.upperBound)")
        } else {
            v.fail("steps_total", "is required")
        }
        return .from(v) { input.stepsTotal.map { Entry(artifactID: artifact, stepsTotal: $0) } }
    }
}

/// The user's routine streaks and completion rate (`GET /routine-runs/stats`), counted in local
/// days of the user's time zone.
public struct RoutineStats: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case currentStreak = "current_streak", longestStreak = "longest_streak", completionRate = "completion_rate" }
    /// Consecutive days with a completed run, ending today or yesterday (0 otherwise).
    public var currentStreak: Int
    /// The most consecutive days with a completed run ever.
    public var longestStreak: Int
    /// Completed runs over runs started, the one in progress left out; 0 when none.
    public var completionRate: Double

    public init(currentStreak: Int, longestStreak: Int, completionRate: Double) {
        self.currentStreak = currentStreak
        self.longestStreak = longestStreak
        self.completionRate = completionRate
    }
}

/// The limits of routine runs, shared by the server and the SDK.
public enum RoutineRules {
    /// A run's `steps_total`.
    public static let stepsTotal = 1...100
}

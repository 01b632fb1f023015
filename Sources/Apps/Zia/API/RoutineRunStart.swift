import Foundation
import PlatformAPI

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

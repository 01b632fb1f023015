import Foundation
import PlatformAPI

/// The body of `POST /routine-runs/start`: `steps_total` (required) and the saved routine it runs
/// (`artifact_id`, optional).
public struct RoutineRunStart: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case artifactID = "artifact_id", stepsTotal = "steps_total" }
    public var artifactID: ArtifactID?
    public var stepsTotal: Int

    public init(artifactID: ArtifactID? = nil, stepsTotal: Int) {
        self.artifactID = artifactID
        self.stepsTotal = stepsTotal
    }

    /// The body as it arrives, loosely typed so what is wrong is a 422 naming the field.
    public struct Input: Codable, Sendable, Equatable {
        typealias CodingKeys = RoutineRunStart.CodingKeys
        public var artifactID: String?
        public var stepsTotal: Int?

        public init(artifactID: String? = nil, stepsTotal: Int? = nil) {
            self.artifactID = artifactID
            self.stepsTotal = stepsTotal
        }
    }

    /// `steps_total` a whole number in ``RoutineRules/stepsTotal``; `artifact_id` a UUID when given.
    public static func check(_ input: Input) -> Checked<RoutineRunStart> {
        var v = Validator()
        var artifact: ArtifactID?
        if let raw = input.artifactID {
            artifact = ArtifactID(raw)
            v.check(artifact != nil, "artifact_id", "must be an artifact's id (a UUID)")
        }
        if let steps = input.stepsTotal {
            v.check(RoutineRules.stepsTotal.contains(steps), "steps_total", "must be from \(RoutineRules.stepsTotal.lowerBound) to \(RoutineRules.stepsTotal.upperBound)")
        } else {
            v.fail("steps_total", "is required")
        }
        return .from(v) { input.stepsTotal.map { RoutineRunStart(artifactID: artifact, stepsTotal: $0) } }
    }

    /// This body as the server reads it.
    public var input: Input { Input(artifactID: artifactID?.description, stepsTotal: stepsTotal) }
}

import Foundation
import Hummingbird
import Logging
import PlatformCore

/// The time limits of one generate or refresh, measured from the request's start (docs/knot.md, "How Knot picks":
/// the answer within 3 s, aggregation within 2 s). Whatever a source, a model or a
/// merchant's web site does, the pipeline moves on when its slot ends.
public struct PipelineTiming: Sendable {
    /// All real sources together, in parallel; late ones are dropped and logged.
    public var aggregation: Double
    /// The batched vibe classification must have answered by then (else the keyword rules decide).
    public var classificationEnds: Double
    /// Link checks (in parallel) must have answered by then; unanswered links count as unavailable.
    public var verificationEnds: Double

    public init(aggregation: Double = 2.0, classificationEnds: Double = 2.2, verificationEnds: Double = 2.5) {
        self.aggregation = aggregation
        self.classificationEnds = classificationEnds
        self.verificationEnds = verificationEnds
    }

    /// The documented limits (docs/knot.md, "How Knot picks"): 2 s of aggregation inside a 3 s answer (0.5 s left for storing the picks).
    public static let seed = PipelineTiming()
}

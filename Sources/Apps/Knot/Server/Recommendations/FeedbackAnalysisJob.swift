import Foundation
import Logging

/// One pass of the feedback analysis over every user with feedback (docs/knot.md, "How Knot picks").
/// The job scheduler runs it weekly as a recurring job, so with several server instances it still
/// runs once per week. A user's failure is logged and skipped; the next run tries again.
public struct FeedbackAnalysisJob: Sendable {
    public static let kind = "knot.feedback_analysis"
    let weights: LearnedWeightsRepository
    let logger: Logger

    public init(weights: LearnedWeightsRepository, logger: Logger = Logger(label: "knot.feedback-analysis")) {
        self.weights = weights
        self.logger = logger
    }

    /// Analyses every user with feedback; returns how many were analysed.
    @discardableResult
    public func run() async throws -> Int {
        var analysed = 0
        for user in try await weights.usersWithFeedback() {
            do {
                try await weights.analyze(user: user)
                analysed += 1
            } catch {
                logger.warning("feedback analysis failed for a user", metadata: ["user": "\(user)", "error": "\(error)"])
            }
        }
        logger.info("feedback analysis finished", metadata: ["users": "\(analysed)"])
        return analysed
    }
}

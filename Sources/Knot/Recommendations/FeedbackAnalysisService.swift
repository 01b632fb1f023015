import Foundation
import Logging
import ServiceLifecycle

/// Runs the feedback analysis for every user with feedback on a fixed interval (weekly by default),
/// in-process. A user's failure is logged and skipped; the next run tries again. (The durable jobs
/// table of the notification engine will schedule this across instances.)
public struct FeedbackAnalysisService: Service {
    let weights: LearnedWeightsRepository
    let interval: Duration
    let logger: Logger

    public init(weights: LearnedWeightsRepository, interval: Duration, logger: Logger) {
        self.weights = weights
        self.interval = interval
        self.logger = logger
    }

    public func run() async throws {
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
            guard !Task.isShuttingDownGracefully else { break }
            await runOnce()
        }
    }

    /// One pass over all users; returns how many were analysed.
    @discardableResult
    public func runOnce() async -> Int {
        var analysed = 0
        do {
            for user in try await weights.usersWithFeedback() {
                do {
                    try await weights.analyze(user: user)
                    analysed += 1
                } catch {
                    logger.warning("feedback analysis failed for a user", metadata: ["user": "\(user)", "error": "\(error)"])
                }
            }
        } catch {
            logger.warning("feedback analysis could not list users", metadata: ["error": "\(error)"])
        }
        logger.info("feedback analysis finished", metadata: ["users": "\(analysed)"])
        return analysed
    }
}

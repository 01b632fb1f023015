import Auth
import Foundation
import Hummingbird
import PlatformCore

extension Recommendation: ResponseEncodable {}
extension RecommendationBatch: ResponseEncodable {}
extension FeedbackRecord: ResponseEncodable {}
extension MilestoneRecommendations: ResponseEncodable {}
extension LearnedWeights: ResponseEncodable {}

/// `/knot/api/v1/recommendations/...`: generate, refresh with a reason, feedback, read one, read a
/// milestone's (docs/knot.md, "API").
public struct RecommendationsController: Sendable {
    let service: RecommendationService
    let repository: RecommendationRepository
    let weights: LearnedWeightsRepository

    public init(service: RecommendationService, repository: RecommendationRepository, weights: LearnedWeightsRepository) {
        self.service = service
        self.repository = repository
        self.weights = weights
    }

    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        api.on(KnotRoutes.generateRecommendations, use: generate)
        api.on(KnotRoutes.refreshRecommendations, use: refresh)
        api.on(KnotRoutes.recordFeedback, use: recordFeedback)
        api.on(KnotRoutes.analyzeFeedback, use: analyzeFeedback)
        api.on(KnotRoutes.milestoneRecommendations, use: forMilestone)
        api.on(KnotRoutes.recommendation, use: read)
    }

    static let notFound = APIError.notFound("Recommendation", code: "recommendation_not_found")

    @Sendable func generate(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> RecommendationBatch {
        let body = try GenerateRecommendationsRequest.check(try await request.decode(as: GenerateRecommendationsRequest.Input.self, context: context)).get()
        return try await service.generate(
            for: context.userID, occasion: body.occasionType, milestone: body.milestoneId, vibeOverride: body.vibeOverride, offline: body.offline ?? false)
    }

    @Sendable func refresh(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> RecommendationBatch {
        let body = try RefreshRecommendationsRequest.check(try await request.decode(as: RefreshRecommendationsRequest.Input.self, context: context)).get()
        return try await service.refresh(
            for: context.userID, rejected: body.rejectedRecommendationIds, reason: body.rejectionReason, vibeOverride: body.vibeOverride, offline: body.offline ?? false)
    }

    @Sendable func recordFeedback(_ request: Request, _ context: AuthenticatedContext, _ id: RecommendationID) async throws -> FeedbackRecord {
        guard try await repository.find(id, for: context.userID) != nil else { throw Self.notFound }
        let body = try FeedbackRequest.check(try await request.decode(as: FeedbackRequest.Input.self, context: context)).get()
        return try await repository.addFeedback(body.action, rating: body.rating, text: body.feedbackText, to: id, user: context.userID)
    }

    /// The feedback analysis on demand for the caller (the weekly run covers everyone).
    @Sendable func analyzeFeedback(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> LearnedWeights {
        let (learned, count) = try await weights.analyze(user: context.userID)
        var answer = learned
        answer.feedbackCount = count
        return answer
    }

    @Sendable func forMilestone(_ request: Request, _ context: AuthenticatedContext, _ milestone: MilestoneID) async throws -> MilestoneRecommendations {
        guard let found = try await repository.forMilestone(milestone, user: context.userID) else {
            throw APIError.notFound("Milestone", code: "milestone_not_found")
        }
        return MilestoneRecommendations(recommendations: found.map(\.card), count: found.count, milestoneId: milestone)
    }

    @Sendable func read(_ request: Request, _ context: AuthenticatedContext, _ id: RecommendationID) async throws -> Recommendation {
        guard let found = try await repository.find(id, for: context.userID) else { throw Self.notFound }
        return found.card
    }
}

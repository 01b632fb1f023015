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
/// milestone's (seed 001 steps 5.9, 5.10, 6.3, 7.7, 9.2).
public struct RecommendationsController: Sendable {
    let service: RecommendationService
    let repository: RecommendationRepository
    let weights: LearnedWeightsRepository

    public init(service: RecommendationService, repository: RecommendationRepository, weights: LearnedWeightsRepository) {
        self.service = service
        self.repository = repository
        self.weights = weights
    }

    public func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        let routes = group.group("recommendations")
        routes.post("generate") { request, context -> RecommendationBatch in
            let body = try GenerateRecommendationsRequest.check(try await request.decode(as: GenerateRecommendationsRequest.Input.self, context: context)).get()
            return try await service.generate(
                for: context.userID, occasion: body.occasionType, milestone: body.milestoneId, vibeOverride: body.vibeOverride, offline: body.offline ?? false)
        }
        routes.post("refresh") { request, context -> RecommendationBatch in
            let body = try RefreshRecommendationsRequest.check(try await request.decode(as: RefreshRecommendationsRequest.Input.self, context: context)).get()
            return try await service.refresh(
                for: context.userID, rejected: body.rejectedRecommendationIds, reason: body.rejectionReason, vibeOverride: body.vibeOverride, offline: body.offline ?? false)
        }
        routes.post(":id/feedback") { request, context -> EditedResponse<FeedbackRecord> in
            guard let raw = context.parameters.get("id"), let id = RecommendationID(raw), try await repository.find(id, for: context.userID) != nil else {
                throw APIError.notFound("Recommendation", code: "recommendation_not_found")
            }
            let body = try FeedbackRequest.check(try await request.decode(as: FeedbackRequest.Input.self, context: context)).get()
            let feedback = try await repository.addFeedback(body.action, rating: body.rating, text: body.feedbackText, to: id, user: context.userID)
            return EditedResponse(status: .created, response: feedback)
        }
        // The feedback analysis on demand for the caller (the weekly run covers everyone).
        group.post("feedback/analyze") { _, context -> LearnedWeights in
            let (learned, count) = try await weights.analyze(user: context.userID)
            var answer = learned
            answer.feedbackCount = count
            return answer
        }
        routes.get("by-milestone/:milestone") { _, context -> MilestoneRecommendations in
            guard let raw = context.parameters.get("milestone"), let milestone = MilestoneID(raw) else {
                throw APIError.notFound("Milestone", code: "milestone_not_found")
            }
            guard let found = try await repository.forMilestone(milestone, user: context.userID) else {
                throw APIError.notFound("Milestone", code: "milestone_not_found")
            }
            return MilestoneRecommendations(recommendations: found.map(\.card), count: found.count, milestoneId: milestone)
        }
        routes.get(":id") { _, context -> Recommendation in
            guard let raw = context.parameters.get("id"), let id = RecommendationID(raw), let found = try await repository.find(id, for: context.userID) else {
                throw APIError.notFound("Recommendation", code: "recommendation_not_found")
            }
            return found.card
        }
    }
}

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

    struct GenerateRequest: Decodable {
        enum CodingKeys: String, CodingKey { case occasionType = "occasion_type", milestoneId = "milestone_id", vibeOverride = "vibe_override" }
        var occasionType: String?
        var milestoneId: String?
        var vibeOverride: [String]?
    }

    struct RefreshRequest: Decodable {
        enum CodingKeys: String, CodingKey { case rejectedRecommendationIds = "rejected_recommendation_ids", rejectionReason = "rejection_reason", vibeOverride = "vibe_override" }
        var rejectedRecommendationIds: [String]?
        var rejectionReason: String?
        var vibeOverride: [String]?
    }

    struct FeedbackRequest: Decodable {
        enum CodingKeys: String, CodingKey { case action, rating, feedbackText = "feedback_text" }
        var action: String?
        var rating: Int?
        var feedbackText: String?
    }

    static func vibes(_ raw: [String]?, validator v: inout Validator) -> [Vibe]? {
        guard let raw else { return nil }
        var vibes: [Vibe] = []
        for (index, value) in raw.enumerated() {
            if let vibe = Vibe(rawValue: value) {
                vibes.append(vibe)
            } else {
                v.fail("vibe_override[\(index)]", "must be one of: \(Vibe.allCases.map(\.rawValue).joined(separator: ", "))")
            }
        }
        v.check((1...4).contains(raw.count), "vibe_override", "must have 1 to 4 vibes")
        return vibes
    }

    public func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        let routes = group.group("recommendations")
        routes.post("generate") { request, context -> RecommendationBatch in
            let body = try await request.decode(as: GenerateRequest.self, context: context)
            var v = Validator()
            let occasion = v.requireEnum(body.occasionType, "occasion_type", as: OccasionType.self)
            var milestone: MilestoneID?
            if let raw = body.milestoneId {
                milestone = MilestoneID(raw)
                v.check(milestone != nil, "milestone_id", "must be a UUID")
            }
            let vibes = Self.vibes(body.vibeOverride, validator: &v)
            try v.throwIfInvalid()
            return try await service.generate(for: context.userID, occasion: occasion!, milestone: milestone, vibeOverride: vibes)
        }
        routes.post("refresh") { request, context -> RecommendationBatch in
            let body = try await request.decode(as: RefreshRequest.self, context: context)
            var v = Validator()
            let reason = v.requireEnum(body.rejectionReason, "rejection_reason", as: RejectionReason.self)
            let ids = (body.rejectedRecommendationIds ?? []).compactMap(RecommendationID.init)
            v.check(!(body.rejectedRecommendationIds ?? []).isEmpty, "rejected_recommendation_ids", "must list the recommendations being replaced")
            v.check(ids.count == (body.rejectedRecommendationIds ?? []).count, "rejected_recommendation_ids", "must be UUIDs")
            v.check(ids.count <= 10, "rejected_recommendation_ids", "must have at most 10 entries")
            let vibes = Self.vibes(body.vibeOverride, validator: &v)
            try v.throwIfInvalid()
            return try await service.refresh(for: context.userID, rejected: ids, reason: reason!, vibeOverride: vibes)
        }
        routes.post(":id/feedback") { request, context -> EditedResponse<FeedbackRecord> in
            guard let raw = context.parameters.get("id"), let id = RecommendationID(raw), try await repository.find(id, for: context.userID) != nil else {
                throw APIError.notFound("Recommendation", code: "recommendation_not_found")
            }
            let body = try await request.decode(as: FeedbackRequest.self, context: context)
            var v = Validator()
            let action = v.requireEnum(body.action, "action", as: FeedbackAction.self)
            if let rating = body.rating { v.check((1...5).contains(rating), "rating", "must be from 1 to 5") }
            if action == .rated { v.check(body.rating != nil, "rating", "is required when action is rated") }
            let text = v.optionalText(body.feedbackText, "feedback_text", maxLength: 1000)
            try v.throwIfInvalid()
            let feedback = try await repository.addFeedback(action!, rating: body.rating, text: text, to: id, user: context.userID)
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

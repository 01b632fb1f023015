import Foundation

// The rules of Knot's smaller request bodies, written once for the server and the SDK. Each body has
// its typed form (what a client builds and sends) and an `Input`: the same coding keys, every field
// optional and untyped, which is how the server reads it so that one 422 names every wrong field.
// `check` turns an input into the typed form or those field errors.

extension NewHint {
    /// The body of `POST /hints` as it arrives (``NewHint``'s keys).
    public struct Input: Codable, Sendable, Equatable {
        typealias CodingKeys = NewHint.CodingKeys
        public var hintText: String?
        public var source: String?

        public init(hintText: String? = nil, source: String? = nil) {
            self.hintText = hintText
            self.source = source
        }
    }

    /// Hint text is required, at most ``KnotCatalog/maxHintLength`` characters after trimming; the
    /// source defaults to `text_input`.
    public static func check(_ input: Input) -> Checked<NewHint> {
        var v = Validator()
        let length = input.hintText.flatMap { CharacterCount.of($0.trimmedOfWhitespace) } ?? 0
        var text: String?
        if length > KnotCatalog.maxHintLength {
            // "Hint too long" (docs/knot.md, "API"), with the limit.
            v.fail("hint_text", "Hint too long: at most \(KnotCatalog.maxHintLength) characters (got \(length))")
        } else {
            text = v.requireText(input.hintText, "hint_text", maxLength: KnotCatalog.maxHintLength)
        }
        let source = v.requireEnum(input.source ?? HintSource.textInput.rawValue, "source", as: HintSource.self)
        return .from(v) { text.flatMap { text in source.map { NewHint(hintText: text, source: $0) } } }
    }
}

extension GenerateRecommendationsRequest {
    /// The body of `POST /recommendations/generate` as it arrives.
    public struct Input: Codable, Sendable, Equatable {
        typealias CodingKeys = GenerateRecommendationsRequest.CodingKeys
        public var occasionType: String?
        public var milestoneId: String?
        public var vibeOverride: [String]?
        public var offline: Bool?

        public init(occasionType: String? = nil, milestoneId: String? = nil, vibeOverride: [String]? = nil, offline: Bool? = nil) {
            self.occasionType = occasionType
            self.milestoneId = milestoneId
            self.vibeOverride = vibeOverride
            self.offline = offline
        }
    }

    /// An occasion type is required; a milestone ID must be a UUID; a vibe override names 1–4 vibes.
    public static func check(_ input: Input) -> Checked<GenerateRecommendationsRequest> {
        var v = Validator()
        let occasion = v.requireEnum(input.occasionType, "occasion_type", as: OccasionType.self)
        var milestone: MilestoneID?
        if let raw = input.milestoneId {
            milestone = MilestoneID(raw)
            v.check(milestone != nil, "milestone_id", "must be a UUID")
        }
        let vibes = VibeOverride.check(input.vibeOverride, validator: &v)
        return .from(v) { occasion.map { GenerateRecommendationsRequest(occasionType: $0, milestoneId: milestone, vibeOverride: vibes, offline: input.offline) } }
    }
}

extension RefreshRecommendationsRequest {
    /// The most recommendations one refresh replaces.
    public static let maxRejected = 10

    /// The body of `POST /recommendations/refresh` as it arrives.
    public struct Input: Codable, Sendable, Equatable {
        typealias CodingKeys = RefreshRecommendationsRequest.CodingKeys
        public var rejectedRecommendationIds: [String]?
        public var rejectionReason: String?
        public var vibeOverride: [String]?
        public var offline: Bool?

        public init(rejectedRecommendationIds: [String]? = nil, rejectionReason: String? = nil, vibeOverride: [String]? = nil, offline: Bool? = nil) {
            self.rejectedRecommendationIds = rejectedRecommendationIds
            self.rejectionReason = rejectionReason
            self.vibeOverride = vibeOverride
            self.offline = offline
        }
    }

    /// A reason is required; 1 to ``maxRejected`` recommendation IDs, each a UUID; a vibe override names 1–4 vibes.
    public static func check(_ input: Input) -> Checked<RefreshRecommendationsRequest> {
        var v = Validator()
        let reason = v.requireEnum(input.rejectionReason, "rejection_reason", as: RejectionReason.self)
        let raw = input.rejectedRecommendationIds ?? []
        let ids = raw.compactMap(RecommendationID.init)
        v.check(!raw.isEmpty, "rejected_recommendation_ids", "must list the recommendations being replaced")
        v.check(ids.count == raw.count, "rejected_recommendation_ids", "must be UUIDs")
        v.check(ids.count <= maxRejected, "rejected_recommendation_ids", "must have at most \(maxRejected) entries")
        let vibes = VibeOverride.check(input.vibeOverride, validator: &v)
        return .from(v) { reason.map { RefreshRecommendationsRequest(rejectedRecommendationIds: ids, rejectionReason: $0, vibeOverride: vibes, offline: input.offline) } }
    }
}

extension FeedbackRequest {
    /// The star ratings a user can give.
    public static let ratings = 1...5
    /// The longest feedback text, in characters after trimming.
    public static let maxTextLength = 1000

    /// The body of `POST /recommendations/{id}/feedback` as it arrives.
    public struct Input: Codable, Sendable, Equatable {
        typealias CodingKeys = FeedbackRequest.CodingKeys
        public var action: String?
        public var rating: Int?
        public var feedbackText: String?

        public init(action: String? = nil, rating: Int? = nil, feedbackText: String? = nil) {
            self.action = action
            self.rating = rating
            self.feedbackText = feedbackText
        }
    }

    /// An action is required; a rating is 1–5 and required for `rated`; text is optional, at most
    /// ``maxTextLength`` characters (blank counts as none).
    public static func check(_ input: Input) -> Checked<FeedbackRequest> {
        var v = Validator()
        let action = v.requireEnum(input.action, "action", as: FeedbackAction.self)
        if let rating = input.rating { v.check(ratings.contains(rating), "rating", "must be from \(ratings.lowerBound) to \(ratings.upperBound)") }
        if action == .rated { v.check(input.rating != nil, "rating", "is required when action is rated") }
        let text = v.optionalText(input.feedbackText, "feedback_text", maxLength: maxTextLength)
        return .from(v) { action.map { FeedbackRequest(action: $0, rating: input.rating, feedbackText: text) } }
    }
}

/// The one-off vibes a generate or refresh may use instead of the vault's.
enum VibeOverride {
    static func check(_ raw: [String]?, validator v: inout Validator) -> [Vibe]? {
        guard let raw else { return nil }
        var vibes: [Vibe] = []
        for (index, value) in raw.enumerated() {
            if let vibe = Vibe(rawValue: value) {
                vibes.append(vibe)
            } else {
                v.fail("vibe_override[\(index)]", "must be one of: \(Vibe.allCases.map(\.rawValue).joined(separator: ", "))")
            }
        }
        v.check(VaultLimits.vibeCount.contains(raw.count), "vibe_override", "must have \(VaultLimits.vibeCount.lowerBound) to \(VaultLimits.vibeCount.upperBound) vibes")
        return vibes
    }
}

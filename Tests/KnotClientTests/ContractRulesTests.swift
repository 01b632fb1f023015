import Foundation
import Testing

@testable import KnotClient

/// The contract's request bodies have a typed form (what the SDK sends) and an `Input` form (how the
/// server reads them, every field optional): one set of coding keys serves both, and the shared
/// rules accept what a well-formed typed body says.
@Suite("Contract request rules", .timeLimit(.minutes(3)))
struct ContractRulesTests {
    func roundTrip<Typed: Encodable, Input: Decodable>(_ value: Typed, as: Input.Type) throws -> Input {
        try JSONDecoder().decode(Input.self, from: JSONEncoder().encode(value))
    }

    @Test func aVaultDraftReadsAsTheInputItMakes() throws {
        let draft = VaultDraft(
            partnerName: "Alex", relationshipTenureMonths: 30, cohabitationStatus: .livingTogether, locationCity: "Austin", locationState: "TX", locationCountry: "US",
            interests: ["Cooking", "Hiking", "Coffee", "Music", "Board Games"], dislikes: ["Cars", "Gaming", "Sports", "Karaoke", "Shopping"],
            milestones: [MilestoneDraft(id: MilestoneID(), milestoneType: .birthday, milestoneName: "Alex's Birthday", milestoneDate: "2000-03-15")],
            vibes: [.outdoorsy, .quietLuxury], budgets: OccasionType.allCases.map { Budget(occasionType: $0, minAmount: 2000, maxAmount: 10000) },
            loveLanguages: LoveLanguages(primary: .qualityTime, secondary: .receivingGifts))
        let input = try roundTrip(draft, as: VaultInput.self)
        #expect(input == VaultInput(draft))
        #expect(input.partnerName == "Alex" && input.milestones?.first?.milestoneType == "birthday" && input.loveLanguages?.secondary == "receiving_gifts")
        guard case .valid(let content) = VaultRules.check(input) else {
            Issue.record("a well-formed draft is refused: \(VaultRules.check(input).problems)")
            return
        }
        #expect(content.interests == KnotCatalog.interests.filter(draft.interests.contains), "catalog order")
    }

    @Test func eachRequestBodyReadsBackAsItsInputAndPassesItsRules() throws {
        let hint = NewHint(hintText: "She wants a pour-over kettle", source: .voiceTranscription)
        #expect(NewHint.check(try roundTrip(hint, as: NewHint.Input.self)) == .valid(hint))

        let generate = GenerateRecommendationsRequest(occasionType: .minorOccasion, milestoneId: MilestoneID(), vibeOverride: [.romantic])
        #expect(GenerateRecommendationsRequest.check(try roundTrip(generate, as: GenerateRecommendationsRequest.Input.self)) == .valid(generate))

        let refresh = RefreshRecommendationsRequest(rejectedRecommendationIds: [RecommendationID(), RecommendationID()], rejectionReason: .tooExpensive)
        #expect(RefreshRecommendationsRequest.check(try roundTrip(refresh, as: RefreshRecommendationsRequest.Input.self)) == .valid(refresh))

        let feedback = FeedbackRequest(action: .rated, rating: 5, feedbackText: "Loved it")
        #expect(FeedbackRequest.check(try roundTrip(feedback, as: FeedbackRequest.Input.self)) == .valid(feedback))
    }

    @Test func theRulesNameEveryOffendingField() {
        #expect(NewHint.check(.init(hintText: String(repeating: "x", count: KnotCatalog.maxHintLength + 1))).problems.map(\.field) == ["hint_text"])
        #expect(NewHint.check(.init(hintText: "ok", source: "fax")).problems.map(\.field) == ["source"])
        #expect(FeedbackRequest.check(.init(action: "rated")).problems.map(\.field) == ["rating"])
        #expect(FeedbackRequest.check(.init(action: "rated", rating: 6)).problems.map(\.field) == ["rating"])
        let tooMany = (0...RefreshRecommendationsRequest.maxRejected).map { _ in RecommendationID().description }
        #expect(
            RefreshRecommendationsRequest.check(.init(rejectedRecommendationIds: tooMany, rejectionReason: "too_cheap")).problems.map(\.field) == ["rejected_recommendation_ids"])
        #expect(
            Set(GenerateRecommendationsRequest.check(.init(milestoneId: "nope", vibeOverride: [])).problems.map(\.field)) == ["occasion_type", "milestone_id", "vibe_override"])
        #expect(
            Set(VaultRules.check(VaultInput()).problems.map(\.field)).isSuperset(of: ["partner_name", "interests", "dislikes", "milestones", "vibes", "budgets", "love_languages"]))
    }
}

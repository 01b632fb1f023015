import AIProviders
import Foundation
import Testing

@testable import Knot

@Suite("Vibe classification through the model router", .timeLimit(.minutes(3)))
struct VibeClassificationTests {
    static let candidates = [
        PipelineStageTests.candidate("plain", title: "Plain thing", description: "Nothing special"),
        PipelineStageTests.candidate("candle", title: "Romantic candle set", description: "Rose scented"),
    ]

    static func router(_ model: ScriptedModel) -> ModelRouter {
        ModelRouter(chains: [KnotVibeClassifier.purpose: [RouteTarget(model: model, price: .free)]], offline: KnotApp.offlineModels, recorder: NoUsage())
    }

    @Test("with a model configured, its JSON answer decides the vibes every candidate is scored with")
    func modelDecides() async throws {
        let model = ScriptedModel(answer: #"{"items": [{"index": 1, "vibes": ["adventurous"]}, {"index": 2, "vibes": ["adventurous"]}]}"#)
        let classified = await VibeClassification(router: Self.router(model)).classify(Self.candidates)
        #expect(classified.map(\.classifiedVibes) == [[.adventurous], [.adventurous]])
        let asked = model.asked.value
        #expect(asked.count == 1 && asked.allSatisfy { $0.jsonObject && $0.system?.contains("quiet_luxury") == true }, "one batched call")
        #expect(asked.first?.messages.last?.content == "1. Plain thing. Nothing special\n2. Romantic candle set. Rose scented")
        let loves = LoveLanguages(primary: .actsOfService, secondary: .wordsOfAffirmation)
        let scored = PipelineStages.scoreVibesAndLoveLanguages(classified, vibes: [.adventurous, .romantic], loveLanguages: loves, weights: .neutral)
        #expect(scored.allSatisfy { abs($0.vibeScore - 0.3) < 1e-9 }, "adventurous from the model; romantic no longer from the keyword rules")
        let rules = PipelineStages.scoreVibesAndLoveLanguages(Self.candidates, vibes: [.adventurous, .romantic], loveLanguages: loves, weights: .neutral)
        #expect(rules.first { $0.id == "plain" }?.vibeScore == 0 && abs((rules.first { $0.id == "candle" }?.vibeScore ?? 0) - 0.3) < 1e-9)
    }

    @Test(
        "malformed answers leave the keyword rules in charge",
        arguments: ["romantic!", #"{"items": [{"index": 1, "vibes": ["glam"]}, {"index": 7, "vibes": []}]}"#, #"{"vibes": ["romantic"]}"#])
    func malformedFallsBack(_ answer: String) async {
        let classified = await VibeClassification(router: Self.router(ScriptedModel(answer: answer))).classify(Self.candidates)
        #expect(classified.allSatisfy { $0.classifiedVibes == nil })
    }

    @Test("offline only (or no router): no model call, the rules decide — and the offline model answers exactly the rules")
    func offline() async throws {
        let offlineRouter = ModelRouter(chains: [:], offline: KnotApp.offlineModels, recorder: NoUsage())
        #expect(await VibeClassification(router: offlineRouter).classify(Self.candidates) == Self.candidates)
        #expect(await VibeClassification(router: nil).classify(Self.candidates) == Self.candidates)
        let text = "Romantic candle set. Rose scented hike"
        let answer = try await offlineRouter.complete(CompletionRequest(messages: [ChatMessage(.user, text)], jsonObject: true), purpose: KnotVibeClassifier.purpose)
        #expect(try VibeClassification.parse(answer.completion.text) == KnotVibeClassifier.classify(text))
        #expect(try VibeClassification.parse("```json\n{\"vibes\":[\"Vintage\"]}\n```") == [.vintage])
    }
}

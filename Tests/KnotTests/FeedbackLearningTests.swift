import Foundation
import KnotAPI
import KnotTestSupport
import PlatformCore
import TestSupport
import Testing

@testable import Knot

@Suite("Feedback that learns", .timeLimit(.minutes(3)))
struct FeedbackLearningTests {
    @Test("damped averaging: 1 + avg × √n/(√n+2), at least 3 feedback, clamped to [0.5, 2.0]")
    func dampedAveraging() {
        #expect(FeedbackAnalysis.weight([1, 1]) == 1.0, "fewer than 3: no adjustment")
        let three = FeedbackAnalysis.weight([1, 1, 1])
        #expect(abs(three - (1 + 3.0.squareRoot() / (3.0.squareRoot() + 2))) < 1e-12)
        let twentyFive = FeedbackAnalysis.weight(Array(repeating: 1, count: 25))
        #expect(abs(twentyFive - (1 + 5.0 / 7.0)) < 1e-12)
        #expect(FeedbackAnalysis.weight(Array(repeating: -1, count: 400)) >= 0.5)
        #expect(FeedbackAnalysis.weight(Array(repeating: -1, count: 3)) < 1)
        #expect(FeedbackAnalysis.score(action: .rated, rating: 5) == 1 && FeedbackAnalysis.score(action: .rated, rating: 1) == -1)
    }

    @Test("learned type weights move experiences up for a user who keeps choosing them", arguments: TestDatabase.allCases)
    func learnedWeightsShiftRanking(_ database: TestDatabase) async throws {
        try await withServer(database) { client, server in
            let user = try await client.signIn()
            _ = try await client.send(.post, "/knot/api/v1/vault", token: user.accessToken, json: validVaultPayload())
            let before =
                try await client.send(.post, "/knot/api/v1/recommendations/generate", token: user.accessToken, json: ["occasion_type": "major_milestone"]).json["recommendations"]
                as? [[String: Any]] ?? []
            var loved = 0
            for round in 0..<3 {
                let picks =
                    round == 0
                    ? before
                    : try await client.send(.post, "/knot/api/v1/recommendations/generate", token: user.accessToken, json: ["occasion_type": "major_milestone"]).json[
                        "recommendations"] as? [[String: Any]] ?? []
                for pick in picks where (pick["recommendation_type"] as? String) != "gift" {
                    _ = try await client.send(
                        .post, "/knot/api/v1/recommendations/\(pick["id"] as! String)/feedback", token: user.accessToken, json: ["action": "rated", "rating": 5])
                    loved += 1
                }
                for pick in picks where (pick["recommendation_type"] as? String) == "gift" {
                    _ = try await client.send(
                        .post, "/knot/api/v1/recommendations/\(pick["id"] as! String)/feedback", token: user.accessToken, json: ["action": "rated", "rating": 1])
                }
            }
            #expect(loved >= 3)
            let analyzed = try await client.send(.post, "/knot/api/v1/feedback/analyze", token: user.accessToken)
            #expect(analyzed.status == .ok, "\(analyzed.text)")
            let types = analyzed.json["types"] as? [String: Double] ?? [:]
            let outingWeight = max(types["experience"] ?? 1, types["date"] ?? 1)
            #expect(outingWeight > 1, "\(types)")
            #expect((types["gift"] ?? 1) < 1, "\(types)")
            let stored = try await server.knot!.learnedWeights.load(for: UserID(UUID(uuidString: user.userID)!))
            #expect(stored.types == types)
            let scheduled = FeedbackAnalysisJob(weights: server.knot!.learnedWeights)
            #expect(try await scheduled.run() >= 1, "the scheduled run analyses every user with feedback")
            let after =
                try await client.send(.post, "/knot/api/v1/recommendations/generate", token: user.accessToken, json: ["occasion_type": "major_milestone"]).json["recommendations"]
                as? [[String: Any]] ?? []
            #expect(after.first?["recommendation_type"] as? String != "gift", "the top pick is now an experience or date: \(after.map { $0["title"] ?? "" })")
        }
    }
}

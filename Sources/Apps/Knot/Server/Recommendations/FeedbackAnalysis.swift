import Foundation
import Persistence
import PlatformCore
import SQLKit

/// The feedback learning loop (docs/knot.md, "How Knot picks"): turns a user's feedback into weight
/// multipliers per interest, vibe, love language and recommendation type, with damped averaging
/// `1 + avg × √n / (√n + 2)`, at least 3 feedback per key, clamped to [0.5, 2.0].
public enum FeedbackAnalysis {
    public static let minimumFeedback = 3

    /// How much one piece of feedback says the user liked the item, in [-1, 1].
    public static func score(action: FeedbackAction, rating: Int?) -> Double {
        switch action {
        case .purchased: 1.0
        case .selected: 0.8
        case .handoff: 0.6
        case .saved, .shared: 0.5
        case .rated: rating.map { Double($0 - 3) / 2 } ?? 0
        case .refreshed: -0.5
        }
    }

    /// The weight for a list of scores: 1.0 below the minimum count, else damped and clamped.
    public static func weight(_ scores: [Double]) -> Double {
        guard scores.count >= minimumFeedback else { return 1.0 }
        let n = Double(scores.count)
        let average = scores.reduce(0, +) / n
        let damping = n.squareRoot() / (n.squareRoot() + 2)
        return min(2.0, max(0.5, 1 + average * damping))
    }

    /// One feedback row joined with what it was about.
    public struct Observation: Sendable {
        public var action: FeedbackAction
        public var rating: Int?
        public var candidate: Candidate
    }

    /// Weights from observations, given the vault's interests, vibes and love languages.
    public static func weights(from observations: [Observation], interests: [String], loveLanguages: LoveLanguages) -> LearnedWeights {
        var interestScores: [String: [Double]] = [:], vibeScores: [String: [Double]] = [:]
        var loveScores: [String: [Double]] = [:], typeScores: [String: [Double]] = [:]
        for observation in observations {
            let value = score(action: observation.action, rating: observation.rating)
            let candidate = observation.candidate
            for interest in interests where PipelineStages.matches(candidate, category: interest) { interestScores[interest, default: []].append(value) }
            for vibe in Vibe.allCases where PipelineStages.matches(candidate, vibe: vibe) { vibeScores[vibe.rawValue, default: []].append(value) }
            for language in [loveLanguages.primary, loveLanguages.secondary] where PipelineStages.matches(candidate, loveLanguage: language) {
                loveScores[language.rawValue, default: []].append(value)
            }
            typeScores[candidate.type.rawValue, default: []].append(value)
        }
        func reduce(_ scores: [String: [Double]]) -> [String: Double] {
            scores.compactMapValues { $0.count >= minimumFeedback ? weight($0) : nil }
        }
        return LearnedWeights(interests: reduce(interestScores), vibes: reduce(vibeScores), loveLanguages: reduce(loveScores), types: reduce(typeScores))
    }
}

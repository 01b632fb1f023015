import Foundation
import PlatformCore
import ZiaAPI

/// The experiments Zia ships, as a table: the admin route lists them and the assistant asks
/// ``variant(of:for:cohort:)`` which arm a user is in. A user's arm is stable (a hash of the
/// experiment and the user id against the sampling rates); a `beta_cohort` with an override always
/// gets that arm.
public enum ZiaExperiments {
    /// The synthesis prompt variants and the model strategy rollout.
    public static let all: [Experiment] = [
        Experiment(
            name: "synthesis_prompt",
            description: "The synthesis prompt the agents answer with: the seed's wording, or one asking for shorter steps with time labels",
            variants: [
                ExperimentVariant(name: "seed_v1", samplingRate: 0.8, description: "the seed's synthesis prompt"),
                ExperimentVariant(name: "concise_v2", samplingRate: 0.2, description: "shorter steps, every step with a time label"),
            ],
            cohortOverrides: ["internal": "concise_v2"]),
        Experiment(
            name: "model_strategy",
            description: "How a request picks its model chain: the cheap chain first for every intent, or the quality chain for meal plans",
            variants: [
                ExperimentVariant(name: "cost_first", samplingRate: 0.9, description: "the cheapest configured model first, falling back up the chain"),
                ExperimentVariant(name: "quality_meals", samplingRate: 0.1, description: "meal plans start at the strongest configured model"),
            ],
            cohortOverrides: ["internal": "quality_meals", "control": "cost_first"]),
    ]

    /// The arm of `experiment` for `user` in `cohort`; nil for an unknown experiment.
    public static func variant(of experiment: String, for user: UserID, cohort: String?) -> String? {
        guard let found = all.first(where: { $0.name == experiment }) else { return nil }
        if let cohort, let override = found.cohortOverrides[cohort] { return override }
        let point = bucket(experiment: experiment, user: user)
        var cumulative = 0.0
        for variant in found.variants {
            cumulative += variant.samplingRate
            if point < cumulative { return variant.name }
        }
        return found.variants.last?.name
    }

    /// The user's arm of every experiment: what an assist run plans with and records.
    public static func variants(for user: UserID, cohort: String?) -> [String: String] {
        var arms: [String: String] = [:]
        for experiment in all { arms[experiment.name] = variant(of: experiment.name, for: user, cohort: cohort) }
        return arms
    }

    /// A stable point in [0, 1) for the user in the experiment (FNV-1a of both, so arms do not
    /// line up across experiments).
    static func bucket(experiment: String, user: UserID) -> Double {
        Double(FNV1a.hash(experiment + ":" + user.description) % 10_000) / 10_000
    }
}

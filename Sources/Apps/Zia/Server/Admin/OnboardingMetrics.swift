import Foundation
import Observability
import PlatformCore

/// Zia's onboarding counters on `/metrics`, by the user's `beta_cohort` ("none" when unset):
/// `onboarding_started_total` when a user stores their first household profile,
/// `onboarding_completed_total` when a save turns its `onboarding_completed` on.
public struct OnboardingMetrics: Sendable {
    let metrics: MetricsRegistry
    let users: ZiaUserRepository

    public init(metrics: MetricsRegistry, users: ZiaUserRepository) {
        self.metrics = metrics
        self.users = users
    }

    /// Counts what `outcome` says happened for `user`. A failure to read the cohort counts under "none".
    public func record(_ outcome: HouseholdRepository.SaveOutcome, for user: UserID) async {
        guard outcome.created || outcome.completedOnboarding else { return }
        let cohort = ((try? await users.find(user))?.flatMap(\.betaCohort)) ?? "none"
        if outcome.created {
            metrics.increment("onboarding_started_total", help: "Zia users who stored their first household profile, by beta cohort.", labels: ["beta_cohort": cohort])
        }
        if outcome.completedOnboarding {
            metrics.increment("onboarding_completed_total", help: "Zia users whose household onboarding was completed, by beta cohort.", labels: ["beta_cohort": cohort])
        }
    }
}

import Foundation
import Observation

/// The onboarding steps, in order (docs/farelens.md, "SDK and CLI"): welcome, permissions (notifications), home airport, the
/// points programs (card and status setup), then done.
public enum OnboardingStep: Int, CaseIterable, Sendable, Comparable {
    case welcome, permissions, homeAirport, programs, done

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

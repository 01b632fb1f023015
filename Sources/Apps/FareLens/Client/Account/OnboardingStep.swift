import Foundation
import Observation

/// The seed's onboarding steps, in order: welcome, permissions (notifications), home airport, the
/// points programs (card and status setup), then done.
public enum OnboardingStep: Int, CaseIterable, Sendable, Comparable {
    case welcome, permissions, homeAirport, programs, done

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

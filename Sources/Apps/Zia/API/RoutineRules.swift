import Foundation
import PlatformAPI

/// The limits of routine runs, shared by the server and the SDK.
public enum RoutineRules {
    /// A run's `steps_total`.
    public static let stepsTotal = 1...100
}

import Foundation
import PlatformAPI

/// The limits of chore scheduling, shared by the server and the SDK.
public enum ChoreRules {
    /// `days` of a schedule: up to a leap year.
    public static let days = 1...366
}

import Foundation
import PlatformAPI

/// Limits of contact fields beyond ``VibeKeeperRules``.
extension VibeKeeperRules {
    public static let maxRelationshipLength = 200
    public static let maxPreferences = 50
    public static let maxPreferenceKeyLength = 100
    public static let maxPreferenceValueLength = 1000
}

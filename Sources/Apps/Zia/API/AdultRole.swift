import Foundation
import PlatformAPI

/// What an adult is to the household's kids.
public enum AdultRole: String, Codable, Sendable, CaseIterable {
    case parent, guardian, grandparent, caregiver, other
}

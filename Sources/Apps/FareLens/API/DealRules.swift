import Foundation
import PlatformAPI

/// The limits of the deal lists.
public enum DealRules {
    public static let defaultPage = 20
    public static let maxPage = 100
}

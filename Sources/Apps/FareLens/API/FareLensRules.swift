import Foundation
import PlatformAPI

/// The limits of FareLens's lists, shared by the server and the SDK.
public enum FareLensRules {
    public static let defaultListLimit = 50
    public static let maxListLimit = 100
}

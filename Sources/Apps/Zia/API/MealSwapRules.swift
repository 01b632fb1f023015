import Foundation
import PlatformAPI

/// The limits of a meal plan swap, shared by the server and the SDK.
public enum MealSwapRules {
    public static let maxDayLength = 20
    public static let maxReasonLength = 500
    public static let maxRecipeIDLength = 100
}

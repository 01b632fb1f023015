import Foundation
import PlatformAPI

/// The limits of grocery lists, pantry items and shopping sessions.
public enum GroceryRules {
    /// Item names: 1–100 characters once trimmed.
    public static let maxItemName = 100
    /// Units: at most 20 characters (`fl oz`, `tablespoons`).
    public static let maxUnit = 20
    /// Quantities: from 0 to 1,000,000.
    public static let maxQuantity = 1_000_000.0

    /// `amount` when it is a quantity a list may hold (finite, 0 to ``maxQuantity``; -0 as 0), else nil.
    public static func acceptable(_ amount: Double) -> Double? {
        guard amount.isFinite, amount >= 0, amount <= maxQuantity else { return nil }
        return amount == 0 ? 0 : amount
    }
    /// Items in one list to consolidate or shop.
    public static let maxItems = 500
}

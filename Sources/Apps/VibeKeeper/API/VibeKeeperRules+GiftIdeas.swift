import Foundation
import PlatformAPI

extension VibeKeeperRules {
    /// The largest budget figure accepted (any currency).
    public static let maxBudget = 1_000_000_000.0
    public static let defaultCurrency = "USD"
    /// Page sizes of `GET /gift-ideas`.
    public static let defaultPageSize = 50
    public static let maxPageSize = 100
    /// The longest filter text (`occasion`, `tag`, `q`) accepted.
    public static let maxFilterTextLength = 10_000
}

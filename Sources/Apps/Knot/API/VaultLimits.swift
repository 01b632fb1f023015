/// The vault rules the server enforces and the onboarding screens check before sending (docs/knot.md,
/// "The vault"): declared once so "exactly 5 interests" cannot mean 5 on one side and 6
/// on the other.
public enum VaultLimits {
    /// Interests and dislikes: exactly this many each, from ``KnotCatalog/interests``, no overlap.
    public static let categoryCount = 5
    /// How many vibes a vault (or a one-off override) names.
    public static let vibeCount = 1...4
    /// The longest partner or milestone name.
    public static let maxNameLength = 100
    /// The largest budget amount, in minor units.
    public static let maxBudgetCents = 100_000_000
    /// The longest relationship tenure, in months.
    public static let maxTenureMonths = 1200
    /// The most milestones one vault keeps.
    public static let maxMilestones = 50
}

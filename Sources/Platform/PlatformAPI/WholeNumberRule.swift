/// The one wording of a whole-number range, shared by a type's ``NumberFieldRules`` and its
/// validator so the two cannot drift.
public enum WholeNumberRule {
    /// "must be a whole number from 0 to 1000000000".
    public static func message(_ range: ClosedRange<Int>) -> String { "must be a whole number from \(range.lowerBound) to \(range.upperBound)" }
}

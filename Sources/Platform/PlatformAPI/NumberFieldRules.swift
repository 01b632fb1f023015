/// A request body whose whole-number fields have ranges of their own. Why: the decoder alone only
/// knows a field's Swift type, so a `balance` of `1e20`, `2.5` or `"5"` would be answered with the
/// integer type's range ("from -9223372036854775808 to …"); a body that states its rules gets each
/// field's own rule instead, the same words its validator uses for an in-range-type but
/// out-of-range value.
public protocol NumberFieldRules {
    /// The 422 message per field path, array indexes written `[]` (`preferred_airports[].priority`).
    static var numberFieldRules: [String: String] { get }
}

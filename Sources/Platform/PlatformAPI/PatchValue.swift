import Foundation

/// One field of a partial update (`PUT` with only the fields to change): absent from the body
/// (leave it as it is), `null` (clear it) or a value (set it). Optional properties cannot tell the
/// first two apart.
public enum PatchValue<Value: Sendable & Equatable>: Sendable, Equatable {
    case unchanged
    case cleared
    case set(Value)

    /// The value after applying this change to `current`.
    public func applied(to current: Value?) -> Value? {
        switch self {
        case .unchanged: current
        case .cleared: nil
        case .set(let value): value
        }
    }

    /// The new value, when one was sent.
    public var newValue: Value? {
        if case .set(let value) = self { value } else { nil }
    }
}

/// The outcome of checking a request body against its rules: the typed value, or every offending
/// field at once. Contract modules return it from their shared rules, so the server (which turns
/// `.invalid` into a 422) and an SDK's view models (which show it before sending) decide alike.
public enum Checked<Value: Sendable>: Sendable {
    case valid(Value)
    case invalid([FieldError])

    /// The offending fields (none when valid).
    public var problems: [FieldError] {
        if case .invalid(let fields) = self { fields } else { [] }
    }

    /// The value when valid.
    public var value: Value? {
        if case .valid(let value) = self { value } else { nil }
    }

    /// `.valid(make())` when the validator recorded nothing, else `.invalid` with its errors.
    public static func from(_ validator: Validator, _ make: () -> Value?) -> Checked {
        guard validator.isValid, let value = make() else { return .invalid(validator.errors) }
        return .valid(value)
    }
}

extension Checked: Equatable where Value: Equatable {}

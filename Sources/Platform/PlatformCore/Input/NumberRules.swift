import PlatformAPI

/// The rules of one decoded type (none for a type that states none), applied to the decoder's
/// field errors.
struct NumberRules {
    var rules: [String: String] = [:]

    init() {}

    init<T>(of type: T.Type) {
        rules = (type as? any NumberFieldRules.Type)?.numberFieldRules ?? [:]
    }

    /// `error` with its field's stated rule, when it has one.
    func stated(_ error: FieldError) -> FieldError {
        guard !rules.isEmpty, let rule = rules[error.field] ?? rules[Self.general(error.field)] else { return error }
        return FieldError(field: error.field, message: rule)
    }

    /// `path` with array indexes written `[]`: `a[0].b[12]` → `a[].b[]`.
    static func general(_ path: String) -> String {
        var result = ""
        var inIndex = false
        for character in path {
            if character == "[" {
                inIndex = true
                result.append("[]")
            } else if character == "]" {
                inIndex = false
            } else if !inIndex {
                result.append(character)
            }
        }
        return result
    }
}

import Foundation

/// Collects every problem with a request before failing, so one 422 lists all offending fields.
public struct Validator: Sendable {
    public private(set) var errors: [FieldError] = []

    public init() {}

    public mutating func fail(_ field: String, _ message: String) {
        errors.append(FieldError(field: field, message: message))
    }

    /// Records `message` for `field` unless `condition` holds.
    public mutating func check(_ condition: Bool, _ field: String, _ message: String) {
        if !condition { fail(field, message) }
    }

    /// Returns the trimmed value when present and non-empty, recording an error otherwise.
    public mutating func requireText(_ value: String?, _ field: String, maxLength: Int) -> String? {
        guard let value else {
            fail(field, "is required")
            return nil
        }
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty {
            fail(field, "must not be empty")
            return nil
        }
        if trimmed.count > maxLength {
            fail(field, "must be at most \(maxLength) characters (got \(trimmed.count))")
            return nil
        }
        return trimmed
    }

    /// Trims an optional text; empty becomes nil; too long records an error.
    public mutating func optionalText(_ value: String?, _ field: String, maxLength: Int) -> String? {
        guard let value else { return nil }
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return nil }
        if trimmed.count > maxLength {
            fail(field, "must be at most \(maxLength) characters (got \(trimmed.count))")
            return nil
        }
        return trimmed
    }

    /// Parses a raw value into an enum, recording the allowed values when it does not fit.
    public mutating func requireEnum<E: RawRepresentable & CaseIterable>(_ value: String?, _ field: String, as type: E.Type) -> E? where E.RawValue == String {
        guard let value else {
            fail(field, "is required")
            return nil
        }
        guard let parsed = E(rawValue: value) else {
            fail(field, "must be one of: \(E.allCases.map(\.rawValue).joined(separator: ", "))")
            return nil
        }
        return parsed
    }

    /// An optional whole-number query parameter within `range`: `defaultValue` when absent,
    /// an error for `field` (and `defaultValue`) when it is not a number in the range.
    public mutating func queryInteger(_ raw: String?, _ field: String, default defaultValue: Int, range: ClosedRange<Int>) -> Int {
        guard let raw else { return defaultValue }
        guard let value = Int(raw), range.contains(value) else {
            fail(field, "must be an integer from \(range.lowerBound) to \(range.upperBound)")
            return defaultValue
        }
        return value
    }

    public var isValid: Bool { errors.isEmpty }

    /// Throws a 422 listing every recorded error, if any.
    public func throwIfInvalid() throws {
        if !errors.isEmpty { throw APIError.validation(errors) }
    }
}

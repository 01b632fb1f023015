import Foundation

/// Collects every problem with a request before failing, so one 422 lists all offending fields.
public struct Validator: Sendable {
    public private(set) var errors: [FieldError] = []
    /// The field and message of each error recorded, so a problem two checks find is listed once.
    private var recorded: Set<[String]> = []

    public init() {}

    public mutating func fail(_ field: String, _ message: String) {
        guard recorded.insert([field, message]).inserted else { return }
        errors.append(FieldError(field: field, message: message))
    }

    /// Records `message` for `field` unless `condition` holds.
    public mutating func check(_ condition: Bool, _ field: String, _ message: String) {
        if !condition { fail(field, message) }
    }

    /// Returns the trimmed value when present and not blank (``Swift/StringProtocol/isBlank``), recording an error otherwise (also for
    /// a character stacking too many code points (``CharacterCount``), and for forbidden ``ControlCharacters``, which matters for text from query parameters; bodies are
    /// already checked by the request decoder).
    public mutating func requireText(_ value: String?, _ field: String, maxLength: Int) -> String? {
        guard let value else {
            fail(field, "is required")
            return nil
        }
        guard acceptsControlCharacters(in: value, field) else { return nil }
        let trimmed = value.trimmedOfWhitespace
        if trimmed.isBlank {
            fail(field, "must not be empty")
            return nil
        }
        guard fits(trimmed, field, maxLength: maxLength) else { return nil }
        return trimmed
    }

    /// Trims an optional text; blank (``Swift/StringProtocol/isBlank``) becomes nil; too long (``CharacterCount``) or
    /// holding forbidden ``ControlCharacters`` records an error.
    public mutating func optionalText(_ value: String?, _ field: String, maxLength: Int) -> String? {
        guard let value, acceptsControlCharacters(in: value, field) else { return nil }
        let trimmed = value.trimmedOfWhitespace
        if trimmed.isBlank { return nil }
        guard fits(trimmed, field, maxLength: maxLength) else { return nil }
        return trimmed
    }

    /// Records an error for `field` when `value` holds a control character the
    /// ``ControlCharacters`` rule refuses; true when it does not.
    public mutating func acceptsControlCharacters(in value: some StringProtocol, _ field: String) -> Bool {
        guard ControlCharacters.containsForbidden(value) else { return true }
        fail(field, ControlCharacters.message)
        return false
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
        guard let value = Self.wholeNumber(raw), range.contains(value) else {
            fail(field, "must be an integer from \(range.lowerBound) to \(range.upperBound)")
            return defaultValue
        }
        return value
    }

    /// `text` as a whole number written plainly: ASCII digits after an optional `-` (not `+5`,
    /// ` 5`, `0x10` or `5.0`, which `Int(_:)` or `Double(_:)` would read); nil otherwise.
    public static func wholeNumber(_ text: String) -> Int? {
        let digits = text.utf8.first == UInt8(ascii: "-") ? text.utf8.dropFirst() : text.utf8[...]
        guard !digits.isEmpty, digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        return Int(text)
    }

    /// Records an error for each query parameter a route does not take, and for each given more
    /// than once: a misspelt filter (`?stauts=idea`) or a second value (`?status=idea&status=given`)
    /// is a clear 422, not a silently unfiltered or half-read answer. (The platform applies it to
    /// every route, from the app's OpenAPI document, but a page opened from shared links; no route
    /// takes a list in its query.)
    public mutating func onlyKnownParameters(_ names: some Sequence<String>, allowed: Set<String>) {
        let takes = allowed.isEmpty ? "it takes none" : "it takes: \(allowed.sorted().joined(separator: ", "))"
        var counts: [String: Int] = [:]
        for name in names { counts[name, default: 0] += 1 }
        for (name, count) in counts.sorted(by: { $0.key < $1.key }) {
            if name.isEmpty {
                fail("query", "has a parameter without a name (\(takes))")
            } else if !allowed.contains(name) {
                fail(name, "is not a parameter of this route (\(takes))")
            } else if count > 1 {
                fail(name, "is given \(count) times; send it once")
            }
        }
    }

    public var isValid: Bool { errors.isEmpty }
}

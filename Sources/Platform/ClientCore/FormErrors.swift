import Foundation
import PlatformAPI

/// What a form shows after a check or a refusal: a message per field (keyed by the server's JSON
/// path, `kids[0].age`, `max_price_cents`), and one line for the screen. The device's check (the
/// contract's own rules) and the server's 422 fill it alike, so a field is marked the same way
/// whichever caught it. One type for every SDK's forms.
public struct FormErrors: Error, Sendable, Equatable {
    /// The message of each offending field, by its JSON path.
    public private(set) var fields: [String: String] = [:]
    /// A line for the screen (a refusal that names no field, a tier limit, no network).
    public var message: String?

    public init(fields: [FieldError] = [], message: String? = nil) {
        for field in fields where self.fields[field.field] == nil { self.fields[field.field] = field.message }
        self.message = message
    }

    /// What `error` says: the fields of a 422, else its description as the message.
    public init(_ error: any Error) {
        if case .validation(let message, let fields) = error as? ClientError {
            self.init(fields: fields, message: fields.isEmpty ? message : nil)
        } else {
            self.init(message: ScreenText.message(error))
        }
    }

    public var isEmpty: Bool { fields.isEmpty && message == nil }

    /// The message of `field`, if it offends.
    public subscript(field: String) -> String? { fields[field] }

    /// Forgets the message of `field` (the user changed it), keeping the other fields' and the line.
    public mutating func clear(_ field: String) { fields[field] = nil }

    /// Only the fields whose path starts with one of `prefixes` (a wizard step's own).
    public func only(_ prefixes: [String]) -> FormErrors {
        var kept = FormErrors(message: message)
        kept.fields = fields.filter { field, _ in prefixes.contains { field.hasPrefix($0) } }
        return kept
    }
}

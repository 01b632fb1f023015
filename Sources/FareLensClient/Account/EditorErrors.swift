import Foundation

/// What a form shows after the device's check or the server's 422: a message per offending field
/// (by the server's JSON name, `max_price_cents`) and one line for the screen. One type for every
/// FareLens form (watchlist editor, alert settings, points vault), so a field is marked the same way
/// whichever side caught it.
public struct EditorErrors: Error, Sendable, Equatable {
    public private(set) var fields: [String: String] = [:]
    /// A line for the screen: a refusal naming no field, a tier limit, no network.
    public var message: String?

    public init(fields: [FieldError] = [], message: String? = nil) {
        for field in fields where self.fields[field.field] == nil { self.fields[field.field] = field.message }
        self.message = message
    }

    /// What `error` says: a 422's fields, else its description as the message.
    public init(_ error: any Error) {
        if case .validation(let message, let fields) = error as? ClientError {
            self.init(fields: fields, message: fields.isEmpty ? message : nil)
        } else {
            self.init(message: Self.line(error))
        }
    }

    /// The one line a screen shows for any failure (a 422 with all its fields).
    public static func line(_ error: any Error) -> String {
        (error as? ClientError)?.description ?? error.localizedDescription
    }

    public var isEmpty: Bool { fields.isEmpty && message == nil }

    public subscript(field: String) -> String? { fields[field] }
}

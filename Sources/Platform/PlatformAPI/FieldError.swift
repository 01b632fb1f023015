import Foundation

/// One offending field of a rejected request (a 422 names every one), so a client can point at it.
public struct FieldError: Codable, Sendable, Equatable {
    public var field: String
    public var message: String

    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }
}

import Foundation
import PlatformAPI

/// `GET /grocery-sessions/active`'s answer: the session in progress, or null.
public struct ActiveGrocerySession: Codable, Sendable, Equatable {
    public var session: GrocerySession?
    public init(_ session: GrocerySession?) { self.session = session }
    public init(from decoder: any Decoder) throws { session = try decoder.singleValueContainer().decode(GrocerySession?.self) }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(session)
    }
}

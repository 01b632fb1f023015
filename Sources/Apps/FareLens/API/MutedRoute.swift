import Foundation
import PlatformAPI

/// A muted route (origin and destination, airports or metro codes as the deal shows them).
public struct MutedRoute: Codable, Sendable, Equatable, Hashable {
    public var origin: String
    public var destination: String

    public init(origin: String, destination: String) {
        self.origin = origin
        self.destination = destination
    }
}

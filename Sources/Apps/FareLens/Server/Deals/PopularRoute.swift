import FareLensAPI
import Foundation
import PlatformAPI
import PlatformCore

/// A route the background refresh searches.
public struct PopularRoute: Sendable, Equatable {
    public var origin: String
    public var destination: String

    public init(_ origin: String, _ destination: String) {
        self.origin = origin
        self.destination = destination
    }
}

import FareLensAPI
import Foundation
import Persistence
import PlatformAPI
import PlatformCore
import SQLKit

/// One fare of a route's history: its price (minor units) and when it was observed.
public struct ObservedPrice: Sendable, Equatable {
    public var priceCents: Int
    public var observedAt: Date

    public init(priceCents: Int, observedAt: Date) {
        self.priceCents = priceCents
        self.observedAt = observedAt
    }
}

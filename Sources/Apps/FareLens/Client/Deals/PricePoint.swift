import Foundation
import Observation

/// One point of a price chart: a departure day and the lowest fare observed for it, in minor units.
public struct PricePoint: Sendable, Equatable {
    public var date: LocalDate
    public var priceCents: Int

    public init(date: LocalDate, priceCents: Int) {
        self.date = date
        self.priceCents = priceCents
    }
}

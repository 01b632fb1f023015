import FareLensAPI
import Foundation
import PlatformCore

/// A searched offer as the smart queue's watchlist match reads a deal.
struct SearchedFare: QueueableDeal {
    let fare: PriceObservation
    let dealScore: Int

    var origin: String { fare.origin }
    var destination: String { fare.destination }
    var departureDate: LocalDate { fare.departureDate }
    var priceCents: Int { fare.priceCents }
}

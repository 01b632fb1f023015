import Foundation
import PlatformAPI

/// What the smart queue needs of a deal; the server's and the SDK's deal types conform.
public protocol QueueableDeal {
    /// Departure airport (IATA).
    var origin: String { get }
    /// Arrival airport (IATA).
    var destination: String { get }
    var departureDate: LocalDate { get }
    /// The total price, in minor units of the deal's currency.
    var priceCents: Int { get }
    /// The deal's DealScore, 0–100.
    var dealScore: Int { get }
}

import Foundation

/// `DealFilter` (docs/farelens.md, "SDK and CLI"): the feed's filter state (route, airlines, price ceiling) as a screen
/// holds it. `maxPrice` is in whole units of the currency (`maxPrice: 500`);
/// ``feedFilter`` is the wire's filter in minor units.
public struct DealFilter: Sendable, Hashable, CustomStringConvertible {
    /// No filter: the whole feed.
    public static let `default` = DealFilter()

    public var origin: String?
    public var destination: String?
    /// Two-character IATA airline codes; empty for any airline.
    public var airlines: [String]
    /// The highest total price, in whole units (dollars).
    public var maxPrice: Int?

    public init(origin: String? = nil, destination: String? = nil, maxPrice: Int? = nil, airlines: [String] = []) {
        self.origin = origin?.uppercased()
        self.destination = destination?.uppercased()
        self.maxPrice = maxPrice
        self.airlines = airlines.map { $0.uppercased() }
    }

    /// `GET /deals`' filter: the same, the price in minor units (capped at the server's limit).
    public var feedFilter: DealFeedFilter {
        let cents = maxPrice.map { $0 > DealFeedFilter.maxPriceLimit / 100 ? DealFeedFilter.maxPriceLimit : max($0 * 100, 1) }
        return DealFeedFilter(origin: origin, destination: destination, airlines: airlines.sorted(), maxPriceCents: cents)
    }

    /// The filter as analytics reports it: `all`, or its parts (`origin=LAX airlines=AA,UA max_price=500`).
    public var description: String {
        var parts: [String] = []
        if let origin { parts.append("origin=\(origin)") }
        if let destination { parts.append("destination=\(destination)") }
        if !airlines.isEmpty { parts.append("airlines=\(airlines.sorted().joined(separator: ","))") }
        if let maxPrice { parts.append("max_price=\(maxPrice)") }
        return parts.isEmpty ? "all" : parts.joined(separator: " ")
    }
}

import FareLensAPI
import Foundation
import Hummingbird
import Logging
import PlatformAPI
import PlatformCore
import Synchronization

/// A search's cache and coalescing key: every parameter of the normalised query, in one order.
public struct FlightSearchKey: Sendable, Hashable {
    public let text: String

    public init(_ query: FlightSearchQuery) {
        text = [
            query.origin, query.destination, query.departureDate.text, query.returnDate?.text ?? "-", String(query.adults), String(query.children),
            String(query.infants), query.travelClass.rawValue, query.currencyCode, query.max.map(String.init) ?? "-", query.nonStop ? "nonstop" : "any",
        ].joined(separator: "|")
    }
}

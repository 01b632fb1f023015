import Foundation
import PlatformAPI

/// One airport (or metropolitan-area code) offered by autocomplete: what a search field shows and
/// what a search or watchlist then sends (`iata`).
public struct AirportSuggestion: Codable, Sendable, Equatable, Hashable {
    /// The IATA code: an airport's, or a metropolitan area's (`NYC`) standing for its airports.
    public var iata: String
    public var name: String
    public var city: String
    /// ISO 3166-1 alpha-2.
    public var country: String
    /// The display label, "Los Angeles (LAX)": city, then the code.
    public var label: String

    public init(iata: String, name: String, city: String, country: String) {
        self.iata = iata
        self.name = name
        self.city = city
        self.country = country
        self.label = "\(city) (\(iata))"
    }
}

import FareLensAPI

/// A metropolitan-area code ("NYC") and the airports it stands for, busiest first.
public struct MetroArea: Sendable, Equatable {
    public let code: String
    public let city: String
    public let country: String
    public let airports: [String]

    public init(code: String, city: String, country: String, airports: [String]) {
        self.code = code
        self.city = city
        self.country = country
        self.airports = airports
    }

    /// The metro code as autocomplete answers it: "New York (NYC)", every airport.
    public var suggestion: AirportSuggestion { AirportSuggestion(iata: code, name: "All airports", city: city, country: country) }
}

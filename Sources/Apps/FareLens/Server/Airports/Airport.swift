import FareLensAPI

/// One airport of the shipped table: what autocomplete shows and what the fare model needs (where
/// it is, its local time), so both read one record.
public struct Airport: Sendable, Equatable {
    public let iata: String
    public let name: String
    public let city: String
    /// ISO 3166-1 alpha-2.
    public let country: String
    public let latitude: Double
    public let longitude: Double
    /// The IANA time zone, "America/Los_Angeles".
    public let timeZone: String
    /// Its place among the world's busiest airports (1 = busiest); nil when it is not among them.
    public let passengerRank: Int?

    public init(
        iata: String, name: String, city: String, country: String, latitude: Double, longitude: Double, timeZone: String, passengerRank: Int?
    ) {
        self.iata = iata
        self.name = name
        self.city = city
        self.country = country
        self.latitude = latitude
        self.longitude = longitude
        self.timeZone = timeZone
        self.passengerRank = passengerRank
    }

    /// This airport as autocomplete answers it.
    public var suggestion: AirportSuggestion { AirportSuggestion(iata: iata, name: name, city: city, country: country) }
}

import Foundation

/// Where an airport is: what the offline fare model needs of the airport data set (which another
/// part ships) — coordinates for distances, the time zone for local times, the country for regions.
public struct AirportLocation: Sendable, Hashable {
    public var iata: String
    public var latitude: Double
    public var longitude: Double
    /// ISO 3166-1 alpha-2, when known.
    public var countryCode: String?
    /// IANA time zone (`America/New_York`), when known.
    public var timeZone: String?

    public init(iata: String, latitude: Double, longitude: Double, countryCode: String? = nil, timeZone: String? = nil) {
        self.iata = iata
        self.latitude = latitude
        self.longitude = longitude
        self.countryCode = countryCode
        self.timeZone = timeZone
    }

    /// The great-circle distance to `other` in kilometres (haversine on a sphere of the Earth's mean radius).
    public func kilometres(to other: AirportLocation) -> Double {
        let radians = Double.pi / 180
        let dLat = (other.latitude - latitude) * radians
        let dLon = (other.longitude - longitude) * radians
        let a = sin(dLat / 2) * sin(dLat / 2) + cos(latitude * radians) * cos(other.latitude * radians) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * 6371.0088 * asin(min(1, a.squareRoot()))
    }

    /// The airport's time zone; when unknown, a fixed offset from its longitude (15° an hour), so
    /// local times stay plausible.
    public var zone: TimeZone {
        if let timeZone, let zone = TimeZone(identifier: timeZone) { return zone }
        return TimeZone(secondsFromGMT: Int((longitude / 15).rounded()) * 3600) ?? TimeZone(identifier: "UTC")!
    }
}

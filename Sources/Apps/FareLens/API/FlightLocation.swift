import Foundation
import PlatformAPI

/// An airport of `dictionaries.locations`: its city and country codes.
public struct FlightLocation: Codable, Sendable, Equatable {
    public var cityCode: String?
    public var countryCode: String?

    public init(cityCode: String?, countryCode: String?) {
        self.cityCode = cityCode
        self.countryCode = countryCode
    }
}

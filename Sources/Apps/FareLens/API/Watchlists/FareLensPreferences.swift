import Foundation
import PlatformAPI

/// `GET/PUT /preferences`' answer: the caller's preferred airports, by priority.
public struct FareLensPreferences: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case preferredAirports = "preferred_airports" }
    public var preferredAirports: [PreferredAirport]

    public init(preferredAirports: [PreferredAirport]) { self.preferredAirports = preferredAirports }
}

import Foundation

/// Where an experience or date takes place: the venue's city, region and country as far as the
/// source knows them (the offline catalog uses the vault's location).
public struct RecommendationLocation: Codable, Sendable, Equatable {
    public var city: String?
    public var state: String?
    public var country: String?

    public init(city: String?, state: String? = nil, country: String? = nil) {
        self.city = city
        self.state = state
        self.country = country
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeNullable(city, forKey: .city, in: encoder)
        try c.encodeNullable(state, forKey: .state, in: encoder)
        try c.encodeNullable(country, forKey: .country, in: encoder)
    }
}

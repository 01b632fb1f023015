import Foundation

/// A metropolitan area: its IATA code, its city and country, and its commercial passenger airports
/// (the busiest first).
public struct MetroCode: Sendable, Equatable {
    public var code: String
    public var city: String
    public var country: String
    public var airports: [String]

    public init(_ code: String, city: String, country: String, airports: [String]) {
        self.code = code
        self.city = city
        self.country = country
        self.airports = airports
    }
}

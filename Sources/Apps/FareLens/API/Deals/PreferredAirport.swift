import Foundation
import PlatformAPI

/// One of the user's preferred departure airports: deals from it rise in the smart queue by its weight
/// (docs/farelens.md, "Preferred airports").
public struct PreferredAirport: Codable, Sendable, Equatable, Hashable {
    enum CodingKeys: String, CodingKey { case iata, weight, priority }
    /// The airport's IATA code (upper case).
    public var iata: String
    /// 0…1: the share by which its deals' queue scores rise (Free: always 1.0).
    public var weight: Double
    /// 1 (highest) to 3.
    public var priority: Int

    public init(iata: String, weight: Double, priority: Int) {
        self.iata = iata
        self.weight = weight
        self.priority = priority
    }
}

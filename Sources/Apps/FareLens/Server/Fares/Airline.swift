/// A real airline as the offline model uses it: IATA code and name, home region, hubs (real
/// airports it connects through), whether it flies long-haul, and its price level against a
/// full-service carrier (low-cost below 1, premium above).
public struct Airline: Sendable, Hashable {
    public var code: String
    public var name: String
    public var region: WorldRegion
    public var hubs: [String]
    public var longHaul: Bool
    public var priceLevel: Double

    init(_ code: String, _ name: String, _ region: WorldRegion, hubs: [String], longHaul: Bool = true, priceLevel: Double = 1) {
        self.code = code
        self.name = name
        self.region = region
        self.hubs = hubs
        self.longHaul = longHaul
        self.priceLevel = priceLevel
    }
}

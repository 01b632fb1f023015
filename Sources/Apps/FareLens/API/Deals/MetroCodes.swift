import Foundation

/// IATA metropolitan-area codes and their real member airports: FareLens's one metro table. The
/// server's airport catalog takes its metro areas from ``standard`` (so validation, the feed's filters,
/// watcher counts, the smart queue and booking links agree), and the SDK ranks with the same table.
public struct MetroCodes: MetroAreas, Equatable {
    /// Metro code → member airports.
    public var members: [String: Set<String>]
    /// The areas with their city and country, in the table's order (empty for a table made from
    /// members alone).
    public var areas: [MetroCode]

    public init(members: [String: Set<String>]) {
        self.members = members
        self.areas = []
    }

    public init(areas: [MetroCode]) {
        self.areas = areas
        self.members = Dictionary(areas.map { ($0.code, Set($0.airports)) }, uniquingKeysWith: { first, _ in first })
    }

    public func airports(of code: String) -> Set<String>? { members[code.uppercased()] }

    /// The metro codes holding `airport` (an IATA airport code), sorted; none for a metro code itself.
    public func codes(containing airport: String) -> [String] {
        members.filter { $0.key != airport && $0.value.contains(airport) }.map(\.key).sorted()
    }

    /// The shipped table.
    public static let standard = MetroCodes(areas: [
        MetroCode("NYC", city: "New York", country: "US", airports: ["JFK", "LGA", "EWR"]),
        MetroCode("LON", city: "London", country: "GB", airports: ["LHR", "LGW", "STN", "LTN", "LCY", "SEN"]),
        MetroCode("TYO", city: "Tokyo", country: "JP", airports: ["HND", "NRT"]),
        MetroCode("PAR", city: "Paris", country: "FR", airports: ["CDG", "ORY", "BVA"]),
        MetroCode("CHI", city: "Chicago", country: "US", airports: ["ORD", "MDW"]),
        MetroCode("WAS", city: "Washington", country: "US", airports: ["IAD", "DCA", "BWI"]),
        MetroCode("MIL", city: "Milan", country: "IT", airports: ["MXP", "LIN", "BGY"]),
        MetroCode("ROM", city: "Rome", country: "IT", airports: ["FCO", "CIA"]),
        MetroCode("STO", city: "Stockholm", country: "SE", airports: ["ARN", "BMA", "NYO", "VST"]),
        MetroCode("OSA", city: "Osaka", country: "JP", airports: ["KIX", "ITM", "UKB"]),
        MetroCode("SEL", city: "Seoul", country: "KR", airports: ["ICN", "GMP"]),
        MetroCode("BJS", city: "Beijing", country: "CN", airports: ["PEK", "PKX"]),
        MetroCode("SHA", city: "Shanghai", country: "CN", airports: ["PVG", "SHA"]),
        MetroCode("SAO", city: "Sao Paulo", country: "BR", airports: ["GRU", "CGH", "VCP"]),
        MetroCode("RIO", city: "Rio de Janeiro", country: "BR", airports: ["GIG", "SDU"]),
        MetroCode("BUE", city: "Buenos Aires", country: "AR", airports: ["EZE", "AEP"]),
        MetroCode("YTO", city: "Toronto", country: "CA", airports: ["YYZ", "YTZ"]),
        MetroCode("YMQ", city: "Montreal", country: "CA", airports: ["YUL", "YHU"]),
        MetroCode("MOW", city: "Moscow", country: "RU", airports: ["SVO", "DME", "VKO", "ZIA"]),
        MetroCode("JKT", city: "Jakarta", country: "ID", airports: ["CGK", "HLP"]),
        MetroCode("BKK", city: "Bangkok", country: "TH", airports: ["BKK", "DMK"]),
        MetroCode("HOU", city: "Houston", country: "US", airports: ["IAH", "HOU"]),
        MetroCode("DTT", city: "Detroit", country: "US", airports: ["DTW", "DET"]),
        MetroCode("IST", city: "Istanbul", country: "TR", airports: ["IST", "SAW"]),
        MetroCode("BER", city: "Berlin", country: "DE", airports: ["BER"]),
        MetroCode("BRU", city: "Brussels", country: "BE", airports: ["BRU", "CRL"]),
        MetroCode("SPK", city: "Sapporo", country: "JP", airports: ["CTS", "OKD"]),
        MetroCode("REK", city: "Reykjavik", country: "IS", airports: ["KEF", "RKV"]),
        MetroCode("BUH", city: "Bucharest", country: "RO", airports: ["OTP", "BBU"]),
        MetroCode("TCI", city: "Tenerife", country: "ES", airports: ["TFN", "TFS"]),
    ])
}

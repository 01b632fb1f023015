import Foundation

/// Which airports a metropolitan-area code stands for ("NYC" → JFK, LGA, EWR), so a watchlist on a city
/// matches deals from any of its airports. A protocol so the server can answer from its airport data
/// set; ``MetroCodes`` is the table shipped with the contract.
public protocol MetroAreas: Sendable {
    /// The airports of metro `code`, or nil when `code` is not a metro code.
    func airports(of code: String) -> Set<String>?
}

extension MetroAreas {
    /// Whether `code` (an airport or a metro code) covers `airport`: the same code, or a metro holding it.
    public func covers(_ code: String, _ airport: String) -> Bool {
        code == airport || airports(of: code)?.contains(airport) == true
    }
}

/// IATA metropolitan-area codes and their real member airports (commercial passenger airports only).
public struct MetroCodes: MetroAreas, Equatable {
    /// Metro code → member airports.
    public var members: [String: Set<String>]

    public init(members: [String: Set<String>]) { self.members = members }

    public func airports(of code: String) -> Set<String>? { members[code.uppercased()] }

    /// The shipped table.
    public static let standard = MetroCodes(members: [
        "NYC": ["JFK", "LGA", "EWR"],
        "WAS": ["IAD", "DCA", "BWI"],
        "CHI": ["ORD", "MDW"],
        "YTO": ["YYZ", "YTZ"],
        "YMQ": ["YUL"],
        "LON": ["LHR", "LGW", "STN", "LTN", "LCY", "SEN"],
        "PAR": ["CDG", "ORY", "BVA"],
        "MIL": ["MXP", "LIN", "BGY"],
        "ROM": ["FCO", "CIA"],
        "STO": ["ARN", "BMA", "NYO"],
        "MOW": ["SVO", "DME", "VKO"],
        "TYO": ["HND", "NRT"],
        "OSA": ["KIX", "ITM"],
        "SEL": ["ICN", "GMP"],
        "BJS": ["PEK", "PKX"],
        "SHA": ["PVG", "SHA"],
        "JKT": ["CGK", "HLP"],
        "BKK": ["BKK", "DMK"],
        "SAO": ["GRU", "CGH", "VCP"],
        "RIO": ["GIG", "SDU"],
        "BUE": ["EZE", "AEP"],
    ])
}

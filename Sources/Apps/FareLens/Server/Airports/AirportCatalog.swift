import FareLensAPI
import Foundation

/// The shipped airport table (`Resources/airports.tsv`, made by `tools/airports.py` from the
/// MIT-licensed `airportsdata` package, ordered busiest first): every airport by IATA code, and the
/// metropolitan-area codes of the contract's table (``MetroCodes/standard``). Read once, on first use of ``shipped``.
public final class AirportCatalog: Sendable {
    /// A line of the table that is not an airport, a metro code or a comment.
    public struct MalformedLine: Error, Equatable {
        public let number: Int
        public let text: String
    }

    /// The table shipped with the module (a resource file beside the binary, not compiled into it:
    /// as a 600 KB array literal it cost minutes of every clean build), parsed on first use. A
    /// missing or malformed shipped table is a build defect, which the catalog's tests catch.
    public static let shipped: AirportCatalog = {
        do {
            guard let url = Bundle.module.url(forResource: "airports", withExtension: "tsv") else {
                fatalError("Resources/airports.tsv is not in the FareLens module's bundle")
            }
            return try AirportCatalog(table: String(decoding: try Data(contentsOf: url), as: UTF8.self))
        } catch {
            fatalError("Resources/airports.tsv: \(error)")
        }
    }()

    /// Every airport, in the table's order: ranked ones by rank, then the rest by name.
    public let airports: [Airport]
    /// Metro codes by code.
    public let metros: [String: MetroArea]
    /// The metro table the areas come from.
    let metroTable: MetroCodes
    let positions: [String: Int]

    /// Parses the table's text: `iata name city country lat lon tz rank` lines and `#` comments,
    /// tab-separated; the metro areas are `metros`'s (the contract's one table), each with the members
    /// the table knows, busiest first.
    public init(table: String, metros metroTable: MetroCodes = .standard) throws {
        var airports: [Airport] = []
        for (offset, line) in table.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 8, fields[0].count == 3, let latitude = Double(fields[4]), let longitude = Double(fields[5]), let rank = Int(fields[7])
            else { throw MalformedLine(number: offset + 1, text: String(line)) }
            airports.append(
                Airport(
                    iata: fields[0], name: fields[1], city: fields[2], country: fields[3], latitude: latitude, longitude: longitude,
                    timeZone: fields[6], passengerRank: rank > 0 ? rank : nil))
        }
        let positions = Dictionary(airports.enumerated().map { ($1.iata, $0) }, uniquingKeysWith: { first, _ in first })
        var metros: [String: MetroArea] = [:]
        for metro in metroTable.areas {
            let members = metro.airports.compactMap { positions[$0] }.sorted().map { airports[$0].iata }
            metros[metro.code] = MetroArea(code: metro.code, city: metro.city, country: metro.country, airports: members)
        }
        self.airports = airports
        self.positions = positions
        self.metros = metros
        self.metroTable = metroTable
    }

    /// The airport with this IATA code (upper case), nil for none.
    public func airport(_ iata: String) -> Airport? { position(of: iata).map { airports[$0] } }

    /// The airport's place in ``airports`` (its order in autocomplete).
    func position(of iata: String) -> Int? { positions[iata] }

    /// The metro area with this code (upper case), nil for none.
    public func metro(_ code: String) -> MetroArea? { metros[code] }

    /// The airports a code stands for, busiest first: a metro code's (NYC: JFK, EWR, LGA; BKK, an
    /// airport's code too: BKK and DMK), an airport code's one airport, none for an unknown code.
    public func airports(for code: String) -> [Airport] {
        if let metro = metros[code] { return metro.airports.compactMap(airport) }
        return airport(code).map { [$0] } ?? []
    }
}

extension AirportCatalog: MetroAreas {
    public func airports(of code: String) -> Set<String>? { metros[code.uppercased()].map { Set($0.airports) } }

    /// The metro codes holding `airport`, sorted (none for a metro code itself).
    public func metroCodes(containing airport: String) -> [String] { metroTable.codes(containing: airport) }
}

/// The catalog is where the offline fare model finds airports' coordinates, countries and zones.
extension AirportCatalog: AirportLocating {
    public func location(of iata: String) -> AirportLocation? {
        airport(iata).map {
            AirportLocation(iata: $0.iata, latitude: $0.latitude, longitude: $0.longitude, countryCode: $0.country, timeZone: $0.timeZone)
        }
    }
}

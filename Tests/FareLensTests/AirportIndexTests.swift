import FareLens
import FareLensAPI
import Foundation
import Testing

/// The shipped airport table and autocomplete over it, as pure logic.
@Suite("FareLens airport index")
struct AirportIndexTests {
    let index = AirportIndex.shipped

    func codes(_ text: String, limit: Int = 10) -> [String] { index.search(text, limit: limit).map(\.iata) }

    @Test("the shipped table parses: thousands of airports with coordinates and time zones, the busiest first")
    func shippedTable() throws {
        let catalog = index.catalog
        #expect(catalog.airports.count > 7000)
        #expect(catalog.airports.first?.iata == "ATL" && catalog.airports.first?.passengerRank == 1)
        let lax = try #require(catalog.airport("LAX"))
        #expect(lax.city == "Los Angeles" && lax.country == "US" && lax.timeZone == "America/Los_Angeles")
        #expect(abs(lax.latitude - 33.9425) < 0.001 && abs(lax.longitude + 118.408) < 0.001)
        #expect(catalog.airport("XXX") == nil && catalog.airport("lax") == nil)
        // Ranked airports first, in rank order; the rest after them, by name.
        let ranks = catalog.airports.map { $0.passengerRank ?? Int.max }
        #expect(ranks == ranks.sorted())
        #expect(catalog.airports.allSatisfy { TimeZone(identifier: $0.timeZone) != nil })
    }

    @Test("a malformed line is refused with its number; comments are skipped; metro areas come from the metro table, with the airports the table knows")
    func parsing() throws {
        let table = "# header\nLAX\tLos Angeles Intl\tLos Angeles\tUS\t33.9\t-118.4\tAmerica/Los_Angeles\t8\n"
        let catalog = try AirportCatalog(table: table, metros: MetroCodes(areas: [MetroCode("LAM", city: "LA", country: "US", airports: ["BUR", "LAX"])]))
        #expect(catalog.airports.map(\.iata) == ["LAX"] && catalog.metro("LAM")?.airports == ["LAX"])
        #expect(catalog.airports(of: "lam") == ["LAX"] && catalog.metroCodes(containing: "LAX") == ["LAM"])
        let error = #expect(throws: AirportCatalog.MalformedLine.self) { try AirportCatalog(table: "# x\nLAX\tLos Angeles") }
        #expect(error?.number == 2 && error?.text == "LAX\tLos Angeles")
    }

    @Test("one metro table: every member of the contract's metro codes is a shipped airport, so the catalog, the smart queue and booking links agree")
    func oneMetroTable() {
        let catalog = AirportCatalog.shipped
        for area in MetroCodes.standard.areas {
            #expect(catalog.metro(area.code).map { Set($0.airports) } == Set(area.airports), "\(area.code)")
            #expect(catalog.airports(of: area.code) == MetroCodes.standard.airports(of: area.code))
        }
        #expect(MetroCodes.standard.areas.count == 30 && catalog.metros.count == 30)
        #expect(catalog.metroCodes(containing: "IAH") == ["HOU"] && MetroCodes.standard.covers("HOU", "IAH"))
    }

    @Test("a label is the city and the code, as the seed shows it")
    func label() {
        #expect(index.search("LAX", limit: 1) == [AirportSuggestion(iata: "LAX", name: "Los Angeles International Airport", city: "Los Angeles", country: "US")])
        #expect(index.search("lax", limit: 1).first?.label == "Los Angeles (LAX)")
    }

    @Test("an exact IATA code comes first, before busier airports matching the prefix")
    func exactCodeFirst() {
        // "dub": Dubai (DXB, the second busiest) starts with it, yet Dublin's code comes first.
        let dub = codes("dub")
        #expect(dub.first == "DUB" && dub.contains("DXB"))
        // "man": Manila (MNL) ranks above Manchester, whose code it is.
        let man = codes("man")
        #expect(man.first == "MAN" && man.contains("MNL"))
        #expect(codes("ord").first == "ORD")
    }

    @Test("city and name prefixes ignore accents and case, busiest first")
    func accentsAndCase() {
        #expect(codes("sao").prefix(3).contains("GRU"))
        #expect(codes("SÃO PAULO").contains("GRU"))
        #expect(codes("zur").first == "ZRH")
        #expect(codes("Zürich").first == "ZRH")
        #expect(codes("heathrow").first == "LHR")
        #expect(codes("london").prefix(7) == ["LON", "LHR", "LGW", "STN", "LCY", "LTN", "SEN"])
        #expect(codes("los ang").first == "LAX")
        #expect(codes("montréal").contains("YUL") && codes("montreal").contains("YUL"))
        // Busiest first: after the exact code (San Diego), San Francisco before San Jose, then the unranked.
        let san = codes("san", limit: 50)
        #expect(san.first == "SAN" && san.firstIndex(of: "SFO")! < san.firstIndex(of: "SJC")!)
        #expect(index.catalog.airport(san[san.count - 1])?.passengerRank == nil)
    }

    @Test(
        "metro codes: the code, then its real airports busiest first",
        arguments: [
            ("NYC", ["JFK", "EWR", "LGA"]), ("LON", ["LHR", "LGW", "STN"]), ("TYO", ["HND", "NRT"]), ("PAR", ["CDG", "ORY"]),
            ("CHI", ["ORD", "MDW"]), ("WAS", ["DCA", "IAD", "BWI"]), ("MIL", ["MXP", "LIN", "BGY"]), ("ROM", ["FCO", "CIA"]),
            ("STO", ["ARN", "BMA"]), ("OSA", ["KIX", "ITM"]), ("SEL", ["ICN", "GMP"]), ("BJS", ["PEK", "PKX"]),
            ("SAO", ["GRU", "CGH", "VCP"]), ("RIO", ["GIG", "SDU"]), ("BUE", ["EZE", "AEP"]), ("YTO", ["YYZ", "YTZ"]),
            ("YMQ", ["YUL"]), ("MOW", ["SVO", "DME", "VKO"]), ("JKT", ["CGK", "HLP"]), ("BKK", ["BKK", "DMK"]),
        ])
    func metroCodes(_ code: String, _ members: [String]) {
        let found = codes(code, limit: 20)
        let metro = index.catalog.metro(code)
        #expect(Set(members).isSubset(of: Set(metro?.airports ?? [])))
        #expect(Set(members).isSubset(of: Set(index.catalog.airports(for: code).map(\.iata))))
        // The code itself first (BKK: the airport of that code), then every member before anything else.
        #expect(found.first == code)
        let memberCount = metro?.airports.count ?? 0
        let head = found.prefix(memberCount + (index.catalog.airport(code) == nil ? 1 : 0))
        #expect(Set(members).isSubset(of: Set(head)), "\(found)")
    }

    @Test("New York's metro entry reads 'New York (NYC)' and, with its airports, comes first for its city")
    func metroEntry() {
        let nyc = index.search("nyc", limit: 4)
        #expect(nyc.first == AirportSuggestion(iata: "NYC", name: "All airports", city: "New York", country: "US"))
        #expect(nyc.first?.label == "New York (NYC)")
        #expect(nyc.map(\.iata) == ["NYC", "JFK", "EWR", "LGA"])
        #expect(codes("new york").prefix(4) == ["NYC", "JFK", "EWR", "LGA"])
        #expect(index.catalog.airports(for: "NYC").map(\.iata) == ["JFK", "EWR", "LGA"])
        #expect(index.catalog.airports(for: "LAX").map(\.iata) == ["LAX"] && index.catalog.airports(for: "QQQ").isEmpty)
    }

    @Test("limits are kept, each code is shown once, nothing for a text without letters or digits")
    func limits() {
        #expect(codes("a", limit: 50).count == 50)
        #expect(Set(codes("a", limit: 50)).count == 50)
        #expect(codes("bkk", limit: 2) == ["BKK", "DMK"])
        #expect(codes("lon", limit: 1) == ["LON"])
        #expect(codes("—!?").isEmpty && codes("xqzj").isEmpty)
    }

    @Test("the contract's check: q required, 1–64 characters; limit 1–50, 10 by default")
    func queryRules() {
        #expect(AirportQuery.check(q: " lax ", limit: nil) == .valid(AirportQuery(text: "lax", limit: 10)))
        #expect(AirportQuery.check(q: "lax", limit: "50") == .valid(AirportQuery(text: "lax", limit: 50)))
        #expect(AirportQuery.check(q: nil, limit: "0").problems.map(\.field) == ["q", "limit"])
        #expect(AirportQuery.check(q: "  ", limit: "51").problems.map(\.field) == ["q", "limit"])
        #expect(AirportQuery.check(q: String(repeating: "a", count: 65), limit: "x").problems.map(\.field) == ["q", "limit"])
        #expect(AirportQuery.check(q: String(repeating: "a", count: 64), limit: nil).problems.isEmpty)
    }
}

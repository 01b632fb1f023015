import FareLensAPI

/// Airport autocomplete over an ``AirportCatalog``: prefix matching, accents and case ignored, of
/// the IATA code, the city, the name, city and name together, and every word start within them
/// ("heathrow" finds London Heathrow). An exact airport or metro code comes first, then the matches
/// busiest first (the catalog's order); a metro area, found by its code or its city, sits just
/// before its busiest airport and is followed by all its airports. Built once, on first use of ``shipped``.
public final class AirportIndex: Sendable {
    /// The index of ``AirportCatalog/shipped``.
    public static let shipped = AirportIndex(catalog: .shipped)

    public let catalog: AirportCatalog
    /// Folded keys as UTF-8 bytes, sorted bytewise, each with the entry it finds.
    let keys: [[UInt8]]
    let entries: [Int32]
    /// Metro areas shown as entries of their own (those whose code is no airport's), by entry.
    let metroEntries: [Int32: MetroArea]

    public init(catalog: AirportCatalog) {
        var pairs: [(key: [UInt8], entry: Int32)] = []
        func add(_ text: String, _ entry: Int32) {
            let folded = Array(SearchFolding.fold(text).utf8)
            guard !folded.isEmpty else { return }
            pairs.append((folded, entry))
            for (offset, byte) in folded.enumerated() where byte == UInt8(ascii: " ") {
                pairs.append((Array(folded[(offset + 1)...]), entry))
            }
        }
        for (position, airport) in catalog.airports.enumerated() {
            let entry = Self.airportEntry(position)
            add(airport.iata, entry)
            add(airport.city, entry)
            add(airport.name, entry)
            add("\(airport.city) \(airport.name)", entry)
        }
        var metroEntries: [Int32: MetroArea] = [:]
        for metro in catalog.metros.values where catalog.airport(metro.code) == nil {
            guard let busiest = metro.airports.first.flatMap(catalog.position(of:)) else { continue }
            let entry = Self.airportEntry(busiest) - 1
            metroEntries[entry] = metro
            add(metro.code, entry)
            add(metro.city, entry)
        }
        pairs.sort { $0.key.lexicographicallyPrecedes($1.key) }
        self.catalog = catalog
        self.keys = pairs.map(\.key)
        self.entries = pairs.map(\.entry)
        self.metroEntries = metroEntries
    }

    /// Airport `position` of the catalog is entry 2·position + 1; entry 2·position is free for the
    /// metro area whose busiest airport it is, so one sort by entry orders both.
    static func airportEntry(_ position: Int) -> Int32 { Int32(position * 2 + 1) }

    /// At most `limit` suggestions for `text` (none for a text with no letter or digit).
    public func search(_ text: String, limit: Int) -> [AirportSuggestion] {
        let query = Array(SearchFolding.fold(text).utf8)
        guard !query.isEmpty, limit > 0 else { return [] }
        var results: [AirportSuggestion] = []
        var shown = Set<String>()
        func show(_ suggestion: AirportSuggestion) {
            if results.count < limit, shown.insert(suggestion.iata).inserted { results.append(suggestion) }
        }
        /// A metro area, then its airports.
        func show(_ metro: MetroArea) {
            show(metro.suggestion)
            metro.airports.compactMap(catalog.airport).forEach { show($0.suggestion) }
        }
        let code = String(decoding: query, as: UTF8.self).uppercased()
        if code.utf8.count == 3 {
            catalog.airport(code).map { show($0.suggestion) }
            catalog.metro(code).map(show)
        }
        for entry in matches(query) {
            guard results.count < limit else { break }
            if let metro = metroEntries[entry] {
                show(metro)
            } else {
                show(catalog.airports[Int(entry / 2)].suggestion)
            }
        }
        return results
    }

    /// The entries of every key starting with `query`, in entry order, each once.
    func matches(_ query: [UInt8]) -> [Int32] {
        var low = 0
        var high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle].lexicographicallyPrecedes(query) { low = middle + 1 } else { high = middle }
        }
        var found: [Int32] = []
        while low < keys.count, keys[low].starts(with: query) {
            found.append(entries[low])
            low += 1
        }
        found.sort()
        var unique: [Int32] = []
        unique.reserveCapacity(found.count)
        for entry in found where entry != unique.last { unique.append(entry) }
        return unique
    }
}

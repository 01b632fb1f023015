import Foundation

/// The airline reliability DealScore weighs (docs/farelens.md, "DealScore"): a shipped table
/// of real airlines by IATA code with the share of their flights arriving on time (within 15 minutes).
///
/// Every value is marked `"estimate"`: rounded figures in line with public on-time rankings (Cirium's
/// annual On-Time Performance Review, the US DOT Air Travel Consumer Report), not copied from one
/// report, so they say which airlines are usually more punctual rather than quote a statistic. Replace an
/// entry with a sourced figure by giving its source instead.
public enum AirlineReliability {
    /// One airline's row.
    public struct Entry: Sendable, Equatable {
        public var name: String
        /// Share of flights on time, 0…1.
        public var onTime: Double
        /// Where the figure comes from (`"estimate"` when it is one).
        public var source: String

        public init(name: String, onTime: Double, source: String) {
            self.name = name
            self.onTime = onTime
            self.source = source
        }
    }

    /// What an airline missing from the table counts as: typical of scheduled airlines.
    public static let neutralOnTime = 0.75

    /// The row for `code` (a two-character IATA airline code, any case), or nil.
    public static func entry(for code: String) -> Entry? { table[code.uppercased()] }

    /// IATA code → row.
    public static let table: [String: Entry] = Dictionary(
        uniqueKeysWithValues: rows.map { ($0.code, Entry(name: $0.name, onTime: $0.onTime, source: "estimate")) })

    static let rows: [(code: String, name: String, onTime: Double)] = [
        // North America
        ("DL", "Delta Air Lines", 0.84), ("UA", "United Airlines", 0.79), ("AA", "American Airlines", 0.78),
        ("WN", "Southwest Airlines", 0.77), ("AS", "Alaska Airlines", 0.80), ("B6", "JetBlue", 0.68),
        ("NK", "Spirit Airlines", 0.74), ("F9", "Frontier Airlines", 0.68), ("HA", "Hawaiian Airlines", 0.86),
        ("AC", "Air Canada", 0.66), ("WS", "WestJet", 0.73), ("AM", "Aeroméxico", 0.82),
        // Europe
        ("LH", "Lufthansa", 0.69), ("BA", "British Airways", 0.70), ("AF", "Air France", 0.76),
        ("KL", "KLM", 0.74), ("IB", "Iberia", 0.84), ("LX", "Swiss", 0.72), ("OS", "Austrian Airlines", 0.77),
        ("SK", "SAS", 0.80), ("AY", "Finnair", 0.80), ("TP", "TAP Air Portugal", 0.67), ("AZ", "ITA Airways", 0.79),
        ("EI", "Aer Lingus", 0.74), ("FR", "Ryanair", 0.80), ("U2", "easyJet", 0.70), ("VY", "Vueling", 0.70),
        ("W6", "Wizz Air", 0.66), ("TK", "Turkish Airlines", 0.72), ("VS", "Virgin Atlantic", 0.74),
        // Middle East and Africa
        ("EK", "Emirates", 0.77), ("QR", "Qatar Airways", 0.84), ("EY", "Etihad Airways", 0.80),
        ("SV", "Saudia", 0.85), ("ET", "Ethiopian Airlines", 0.74), ("SA", "South African Airways", 0.78),
        // Asia and Oceania
        ("SQ", "Singapore Airlines", 0.82), ("CX", "Cathay Pacific", 0.80), ("NH", "ANA", 0.83), ("JL", "Japan Airlines", 0.84),
        ("KE", "Korean Air", 0.80), ("OZ", "Asiana Airlines", 0.77), ("CA", "Air China", 0.81), ("MU", "China Eastern", 0.80),
        ("CZ", "China Southern", 0.81), ("AI", "Air India", 0.70), ("6E", "IndiGo", 0.80), ("TG", "Thai Airways", 0.78),
        ("QF", "Qantas", 0.74), ("NZ", "Air New Zealand", 0.77), ("VA", "Virgin Australia", 0.73),
        // Latin America
        ("LA", "LATAM Airlines", 0.83), ("AV", "Avianca", 0.85), ("CM", "Copa Airlines", 0.87), ("AD", "Azul", 0.83),
        ("G3", "GOL", 0.79),
    ]
}

/// The shipped table of real airlines by region, and which of them fly a route: within a region its
/// carriers; between two regions the long-haul carriers of both, plus the Gulf and Istanbul
/// carriers that connect the rest of the world through their hubs.
public enum AirlineTable {
    public static let all: [Airline] = [
        // North America
        Airline("AA", "American Airlines", .northAmerica, hubs: ["DFW", "CLT", "ORD", "MIA", "PHL", "PHX", "JFK", "LAX"]),
        Airline("DL", "Delta Air Lines", .northAmerica, hubs: ["ATL", "DTW", "MSP", "SLC", "JFK", "LAX", "SEA"]),
        Airline("UA", "United Airlines", .northAmerica, hubs: ["ORD", "DEN", "IAH", "EWR", "SFO", "IAD", "LAX"]),
        Airline("AC", "Air Canada", .northAmerica, hubs: ["YYZ", "YVR", "YUL"]),
        Airline("AS", "Alaska Airlines", .northAmerica, hubs: ["SEA", "SFO", "LAX", "PDX"], longHaul: false, priceLevel: 0.95),
        Airline("B6", "JetBlue Airways", .northAmerica, hubs: ["JFK", "BOS", "FLL"], longHaul: false, priceLevel: 0.9),
        Airline("WN", "Southwest Airlines", .northAmerica, hubs: ["DAL", "MDW", "LAS", "DEN", "BWI"], longHaul: false, priceLevel: 0.85),
        Airline("WS", "WestJet", .northAmerica, hubs: ["YYC", "YYZ"], longHaul: false, priceLevel: 0.88),
        Airline("NK", "Spirit Airlines", .northAmerica, hubs: ["FLL", "LAS"], longHaul: false, priceLevel: 0.7),
        // Europe
        Airline("BA", "British Airways", .europe, hubs: ["LHR", "LGW"]),
        Airline("AF", "Air France", .europe, hubs: ["CDG"]),
        Airline("KL", "KLM Royal Dutch Airlines", .europe, hubs: ["AMS"]),
        Airline("LH", "Lufthansa", .europe, hubs: ["FRA", "MUC"]),
        Airline("LX", "Swiss International Air Lines", .europe, hubs: ["ZRH"], priceLevel: 1.05),
        Airline("IB", "Iberia", .europe, hubs: ["MAD"]),
        Airline("AZ", "ITA Airways", .europe, hubs: ["FCO"]),
        Airline("TP", "TAP Air Portugal", .europe, hubs: ["LIS"], priceLevel: 0.95),
        Airline("SK", "SAS Scandinavian Airlines", .europe, hubs: ["CPH", "ARN", "OSL"]),
        Airline("AY", "Finnair", .europe, hubs: ["HEL"]),
        Airline("EI", "Aer Lingus", .europe, hubs: ["DUB"], priceLevel: 0.95),
        Airline("TK", "Turkish Airlines", .europe, hubs: ["IST"], priceLevel: 0.95),
        Airline("FR", "Ryanair", .europe, hubs: ["STN", "DUB", "BGY"], longHaul: false, priceLevel: 0.6),
        Airline("U2", "easyJet", .europe, hubs: ["LGW", "GVA", "BER"], longHaul: false, priceLevel: 0.7),
        Airline("W6", "Wizz Air", .europe, hubs: ["BUD", "WAW", "OTP"], longHaul: false, priceLevel: 0.62),
        Airline("VY", "Vueling", .europe, hubs: ["BCN"], longHaul: false, priceLevel: 0.72),
        // Asia
        Airline("SQ", "Singapore Airlines", .asia, hubs: ["SIN"], priceLevel: 1.1),
        Airline("CX", "Cathay Pacific", .asia, hubs: ["HKG"], priceLevel: 1.05),
        Airline("NH", "All Nippon Airways", .asia, hubs: ["HND", "NRT"], priceLevel: 1.05),
        Airline("JL", "Japan Airlines", .asia, hubs: ["HND", "NRT"], priceLevel: 1.05),
        Airline("KE", "Korean Air", .asia, hubs: ["ICN"]),
        Airline("OZ", "Asiana Airlines", .asia, hubs: ["ICN"], priceLevel: 0.95),
        Airline("CI", "China Airlines", .asia, hubs: ["TPE"], priceLevel: 0.92),
        Airline("BR", "EVA Air", .asia, hubs: ["TPE"]),
        Airline("CA", "Air China", .asia, hubs: ["PEK"], priceLevel: 0.88),
        Airline("MU", "China Eastern Airlines", .asia, hubs: ["PVG"], priceLevel: 0.85),
        Airline("CZ", "China Southern Airlines", .asia, hubs: ["CAN"], priceLevel: 0.85),
        Airline("TG", "Thai Airways", .asia, hubs: ["BKK"], priceLevel: 0.92),
        Airline("MH", "Malaysia Airlines", .asia, hubs: ["KUL"], priceLevel: 0.9),
        Airline("AI", "Air India", .asia, hubs: ["DEL", "BOM"], priceLevel: 0.88),
        Airline("PR", "Philippine Airlines", .asia, hubs: ["MNL"], priceLevel: 0.88),
        Airline("6E", "IndiGo", .asia, hubs: ["DEL", "BOM", "BLR"], longHaul: false, priceLevel: 0.65),
        Airline("AK", "AirAsia", .asia, hubs: ["KUL", "BKK"], longHaul: false, priceLevel: 0.6),
        // Middle East
        Airline("EK", "Emirates", .middleEast, hubs: ["DXB"], priceLevel: 1.08),
        Airline("QR", "Qatar Airways", .middleEast, hubs: ["DOH"], priceLevel: 1.08),
        Airline("EY", "Etihad Airways", .middleEast, hubs: ["AUH"], priceLevel: 1.02),
        Airline("SV", "Saudia", .middleEast, hubs: ["JED", "RUH"], priceLevel: 0.92),
        Airline("WY", "Oman Air", .middleEast, hubs: ["MCT"], priceLevel: 0.95),
        Airline("GF", "Gulf Air", .middleEast, hubs: ["BAH"], priceLevel: 0.9),
        Airline("RJ", "Royal Jordanian", .middleEast, hubs: ["AMM"], priceLevel: 0.92),
        Airline("FZ", "flydubai", .middleEast, hubs: ["DXB"], longHaul: false, priceLevel: 0.72),
        // Latin America
        Airline("LA", "LATAM Airlines", .latinAmerica, hubs: ["SCL", "GRU", "LIM", "BOG"]),
        Airline("AV", "Avianca", .latinAmerica, hubs: ["BOG", "SAL"], priceLevel: 0.92),
        Airline("CM", "Copa Airlines", .latinAmerica, hubs: ["PTY"], priceLevel: 0.95),
        Airline("AM", "Aeroméxico", .latinAmerica, hubs: ["MEX"], priceLevel: 0.95),
        Airline("AR", "Aerolíneas Argentinas", .latinAmerica, hubs: ["EZE", "AEP"], priceLevel: 0.9),
        Airline("AD", "Azul Brazilian Airlines", .latinAmerica, hubs: ["VCP", "CNF", "REC"], longHaul: false, priceLevel: 0.85),
        Airline("G3", "GOL Linhas Aéreas", .latinAmerica, hubs: ["GRU", "GIG", "BSB"], longHaul: false, priceLevel: 0.78),
        Airline("Y4", "Volaris", .latinAmerica, hubs: ["GDL", "TIJ", "MEX"], longHaul: false, priceLevel: 0.7),
        // Oceania
        Airline("QF", "Qantas", .oceania, hubs: ["SYD", "MEL", "PER"], priceLevel: 1.05),
        Airline("NZ", "Air New Zealand", .oceania, hubs: ["AKL"], priceLevel: 1.02),
        Airline("VA", "Virgin Australia", .oceania, hubs: ["BNE", "SYD", "MEL"], longHaul: false, priceLevel: 0.9),
        Airline("JQ", "Jetstar", .oceania, hubs: ["MEL", "SYD", "BNE"], longHaul: false, priceLevel: 0.68),
        Airline("FJ", "Fiji Airways", .oceania, hubs: ["NAN"], priceLevel: 0.95),
        // Africa
        Airline("ET", "Ethiopian Airlines", .africa, hubs: ["ADD"], priceLevel: 0.9),
        Airline("KQ", "Kenya Airways", .africa, hubs: ["NBO"], priceLevel: 0.92),
        Airline("SA", "South African Airways", .africa, hubs: ["JNB"], priceLevel: 0.95),
        Airline("MS", "EgyptAir", .africa, hubs: ["CAI"], priceLevel: 0.88),
        Airline("AT", "Royal Air Maroc", .africa, hubs: ["CMN"], priceLevel: 0.88),
        Airline("WB", "RwandAir", .africa, hubs: ["KGL"], longHaul: false, priceLevel: 0.9),
    ]

    static let byCode: [String: Airline] = Dictionary(all.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })

    /// The airline with this IATA code, if the table has it.
    public static func airline(_ code: String) -> Airline? { byCode[code] }

    /// Carriers from elsewhere that connect two other regions through their hubs.
    static let connectors: Set<String> = ["EK", "QR", "EY", "TK"]

    /// The carriers that fly between `from` and `to`: the region's own within one region; the
    /// long-haul carriers of both regions and the connecting carriers between two.
    public static func carriers(from: WorldRegion, to: WorldRegion) -> [Airline] {
        if from == to { return all.filter { $0.region == from } }
        return all.filter { airline in
            guard airline.longHaul else { return false }
            return airline.region == from || airline.region == to || connectors.contains(airline.code)
        }
    }
}

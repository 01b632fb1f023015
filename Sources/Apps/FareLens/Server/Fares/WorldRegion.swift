/// The seven regions the airline table is organised by: which carriers fly within a region, and
/// which fly between two.
public enum WorldRegion: String, Sendable, CaseIterable {
    case northAmerica, europe, asia, middleEast, latinAmerica, oceania, africa

    static let middleEastCountries: Set<String> = ["AE", "SA", "QA", "BH", "KW", "OM", "IL", "JO", "LB", "IR", "IQ", "SY", "YE", "PS"]
    static let northAmericaCountries: Set<String> = ["US", "CA", "BM", "GL", "PM"]
    static let oceaniaCountries: Set<String> = ["AU", "NZ", "FJ", "PG", "NC", "PF", "WS", "TO", "VU", "SB", "GU", "MP", "CK", "KI", "NR", "PW", "FM", "MH", "TV"]
    static let latinAmericaCountries: Set<String> = [
        "MX", "GT", "BZ", "SV", "HN", "NI", "CR", "PA", "CU", "DO", "HT", "JM", "PR", "BS", "BB", "TT", "AW", "CW", "KY", "TC", "VG", "VI", "LC",
        "AG", "GD", "VC", "KN", "DM", "SX", "BQ", "GP", "MQ", "CO", "VE", "EC", "PE", "BO", "BR", "PY", "UY", "AR", "CL", "GY", "SR", "GF", "FK",
    ]
    static let europeCountries: Set<String> = [
        "GB", "IE", "FR", "DE", "NL", "BE", "LU", "CH", "AT", "IT", "ES", "PT", "DK", "NO", "SE", "FI", "IS", "PL", "CZ", "SK", "HU", "SI", "HR",
        "BA", "RS", "ME", "MK", "AL", "GR", "BG", "RO", "MD", "UA", "BY", "LT", "LV", "EE", "RU", "TR", "CY", "MT", "MC", "AD", "SM", "LI", "FO",
        "GI", "XK", "GE", "AM", "AZ",
    ]
    static let africaCountries: Set<String> = [
        "EG", "LY", "TN", "DZ", "MA", "SD", "SS", "ET", "ER", "DJ", "SO", "KE", "UG", "TZ", "RW", "BI", "CD", "CG", "GA", "CM", "NG", "GH", "CI",
        "SN", "GM", "GN", "GW", "SL", "LR", "ML", "BF", "NE", "TD", "CF", "GQ", "ST", "CV", "MR", "BJ", "TG", "AO", "ZM", "ZW", "MW", "MZ", "MG",
        "MU", "SC", "KM", "RE", "YT", "ZA", "NA", "BW", "LS", "SZ",
    ]

    /// The region of an airport: by its country (the tables list every region's countries but
    /// Asia's, so any other country is in Asia), else by its time zone's area (`Europe/…`,
    /// `Africa/…`, `Asia/…`, `America/…` north or south of 24°N, `Pacific/…`); nil when neither tells.
    public static func of(_ airport: AirportLocation) -> WorldRegion? {
        if let country = airport.countryCode?.uppercased() {
            if northAmericaCountries.contains(country) { return .northAmerica }
            if middleEastCountries.contains(country) { return .middleEast }
            if oceaniaCountries.contains(country) { return .oceania }
            if latinAmericaCountries.contains(country) { return .latinAmerica }
            if europeCountries.contains(country) { return .europe }
            if africaCountries.contains(country) { return .africa }
            return .asia
        }
        guard let area = airport.timeZone?.split(separator: "/").first else { return nil }
        switch area {
        case "Europe", "Atlantic": return .europe
        case "Africa": return .africa
        case "America": return airport.latitude > 24 ? .northAmerica : .latinAmerica
        case "Australia", "Pacific": return .oceania
        case "Asia", "Indian": return .asia
        default: return nil
        }
    }
}

import FareLensAPI
import Foundation
import PlatformAPI

/// The loyalty programs and transfer bonuses FareLens ships: a program a user adds by one of these
/// names (or a common short form: "MileagePlus", "Amex MR") gets the catalog id transfer bonuses
/// follow; any other name is kept as free text. The bonuses are dated offers as card issuers run
/// them, kept as data (``TransferBonusList``).
public struct LoyaltyCatalog: Sendable {
    /// A shipped program: its stable id, kind, display name and the other names people write.
    public struct Program: Sendable, Equatable {
        public var id: String
        public var kind: PointsProgramKind
        public var name: String
        public var aliases: [String]
    }

    /// A shipped bonus: card program → airline program, percent, first and last day (UTC).
    public struct Bonus: Sendable, Equatable {
        public var id: String
        public var from: String
        public var to: String
        public var percent: Int
        public var starts: LocalDate
        public var ends: LocalDate
    }

    public let programs: [Program]
    public let bonuses: [Bonus]
    let byKey: [String: Program]

    public init(programs: [Program], bonuses: [Bonus]) {
        self.programs = programs
        self.bonuses = bonuses
        var byKey: [String: Program] = [:]
        for program in programs {
            for name in [program.name] + program.aliases { byKey[Self.key(program.kind, name)] = program }
        }
        self.byKey = byKey
    }

    /// The shipped program of that kind a user's `name` stands for (case, accents, spaces and
    /// punctuation aside); nil for free text.
    public func program(_ kind: PointsProgramKind, named name: String) -> Program? {
        byKey[Self.key(kind, name)]
    }

    /// The bonuses whose card or airline program is one of `held` (catalog ids), not ended before
    /// `today`, ending soonest first.
    public func bonuses(touching held: Set<String>, today: LocalDate) -> [TransferBonus] {
        let names = Dictionary(programs.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        return
            bonuses
            .filter { ($0.ends >= today) && (held.contains($0.from) || held.contains($0.to)) }
            .sorted { ($0.ends, $0.id) < ($1.ends, $1.id) }
            .map {
                TransferBonus(
                    id: $0.id, fromProgram: $0.from, fromName: names[$0.from] ?? $0.from, toProgram: $0.to, toName: names[$0.to] ?? $0.to,
                    percent: $0.percent, startsOn: $0.starts, endsOn: $0.ends, active: $0.starts <= today)
            }
    }

    static func key(_ kind: PointsProgramKind, _ name: String) -> String {
        let folded = name.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil).lowercased()
        return kind.rawValue + ":" + String(folded.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }.map(Character.init))
    }
}

extension LoyaltyCatalog {
    /// The programs and bonuses this release ships (the bonuses: ``TransferBonusList/shipped``).
    public static let shipped = LoyaltyCatalog(programs: shippedPrograms, bonuses: TransferBonusList.shipped)

    /// The programs this release ships.
    public static let shippedPrograms: [Program] = [
        // Transferable card points.
        .init(id: "chase_ur", kind: .card, name: "Chase Ultimate Rewards", aliases: ["Ultimate Rewards", "Chase UR", "Chase"]),
        .init(id: "amex_mr", kind: .card, name: "American Express Membership Rewards", aliases: ["Membership Rewards", "Amex MR", "Amex"]),
        .init(id: "citi_typ", kind: .card, name: "Citi ThankYou Rewards", aliases: ["ThankYou Rewards", "Citi ThankYou", "Citi TYP", "Citi"]),
        .init(id: "capital_one", kind: .card, name: "Capital One Miles", aliases: ["Capital One", "Venture Miles"]),
        .init(id: "bilt", kind: .card, name: "Bilt Rewards", aliases: ["Bilt"]),
        // Airlines.
        .init(id: "united", kind: .airline, name: "United MileagePlus", aliases: ["MileagePlus", "United"]),
        .init(id: "aeroplan", kind: .airline, name: "Air Canada Aeroplan", aliases: ["Aeroplan", "Air Canada"]),
        .init(id: "flying_blue", kind: .airline, name: "Air France-KLM Flying Blue", aliases: ["Flying Blue", "Air France", "KLM"]),
        .init(id: "british_airways", kind: .airline, name: "British Airways Club", aliases: ["British Airways Executive Club", "Executive Club", "Avios", "BA"]),
        .init(id: "virgin_atlantic", kind: .airline, name: "Virgin Atlantic Flying Club", aliases: ["Flying Club", "Virgin Atlantic"]),
        .init(id: "delta", kind: .airline, name: "Delta SkyMiles", aliases: ["SkyMiles", "Delta"]),
        .init(id: "american", kind: .airline, name: "American Airlines AAdvantage", aliases: ["AAdvantage", "American Airlines"]),
        .init(id: "alaska", kind: .airline, name: "Alaska Mileage Plan", aliases: ["Mileage Plan", "Alaska Airlines Atmos Rewards", "Atmos Rewards"]),
        .init(id: "jetblue", kind: .airline, name: "JetBlue TrueBlue", aliases: ["TrueBlue", "JetBlue"]),
        .init(id: "southwest", kind: .airline, name: "Southwest Rapid Rewards", aliases: ["Rapid Rewards", "Southwest"]),
        .init(id: "singapore", kind: .airline, name: "Singapore Airlines KrisFlyer", aliases: ["KrisFlyer", "Singapore Airlines"]),
        .init(id: "emirates", kind: .airline, name: "Emirates Skywards", aliases: ["Skywards", "Emirates"]),
        .init(id: "avianca", kind: .airline, name: "Avianca LifeMiles", aliases: ["LifeMiles", "Avianca"]),
        .init(id: "turkish", kind: .airline, name: "Turkish Airlines Miles&Smiles", aliases: ["Miles&Smiles", "Miles and Smiles", "Turkish Airlines"]),
        // Hotels.
        .init(id: "marriott", kind: .hotel, name: "Marriott Bonvoy", aliases: ["Bonvoy", "Marriott"]),
        .init(id: "hilton", kind: .hotel, name: "Hilton Honors", aliases: ["Hilton"]),
        .init(id: "hyatt", kind: .hotel, name: "World of Hyatt", aliases: ["Hyatt"]),
        .init(id: "ihg", kind: .hotel, name: "IHG One Rewards", aliases: ["IHG"]),
    ]
}

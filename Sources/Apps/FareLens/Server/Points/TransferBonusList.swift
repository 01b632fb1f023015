import FareLensAPI
import Foundation
import PlatformAPI
import PlatformCore

/// The dated transfer bonuses as data: a JSON array of `{"id", "from", "to", "percent", "starts",
/// "ends"}` (card program → airline program of ``LoyaltyCatalog``, whole percent, first and last day
/// `YYYY-MM-DD`). It exists so offers change without a build: the release ships
/// `Resources/transfer-bonuses.json`, and `FARELENS_BONUSES_FILE` replaces it with an operator's file
/// (``TransferBonusSettings``), checked by the same rules at startup.
public enum TransferBonusList {
    /// Why a list was refused: the entry (by position and id) and the rule it breaks.
    public struct Invalid: Error, CustomStringConvertible, Equatable {
        public let description: String
    }

    /// One entry as written.
    struct Entry: Decodable {
        var id: String
        var from: String
        var to: String
        var percent: Int
        var starts: String
        var ends: String
    }

    /// The largest bonus believed (card issuers have run 100%; more is a typo).
    static let percents = 1...200

    /// Parses and checks `data` against `programs`: ids unique and not blank, `from` a card program
    /// and `to` an airline program the catalog ships, percent 1–200, real dates with `starts` no later than `ends`.
    public static func parse(_ data: Data, programs: [LoyaltyCatalog.Program]) throws -> [LoyaltyCatalog.Bonus] {
        let entries: [Entry]
        do {
            entries = try JSONDecoder().decode([Entry].self, from: data)
        } catch let error as DecodingError {
            throw Invalid(description: "not a JSON array of bonuses: \(describe(error))")
        }
        let kinds = Dictionary(programs.map { ($0.id, $0.kind) }, uniquingKeysWith: { first, _ in first })
        var seen: Set<String> = []
        return try entries.enumerated().map { index, entry in
            let problem = problem(with: entry, kinds: kinds, seen: seen)
            if let problem { throw Invalid(description: "entry \(index + 1) (\(entry.id.debugDescription)): \(problem)") }
            seen.insert(entry.id)
            return LoyaltyCatalog.Bonus(
                id: entry.id, from: entry.from, to: entry.to, percent: entry.percent, starts: LocalDate(parsing: entry.starts)!,
                ends: LocalDate(parsing: entry.ends)!)
        }
    }

    static func problem(with entry: Entry, kinds: [String: PointsProgramKind], seen: Set<String>) -> String? {
        if entry.id.isBlank { return "id must not be blank" }
        if seen.contains(entry.id) { return "id is used twice" }
        if kinds[entry.from] != .card { return "from must be a card program's id (got \(entry.from.debugDescription))" }
        if kinds[entry.to] != .airline { return "to must be an airline program's id (got \(entry.to.debugDescription))" }
        if !percents.contains(entry.percent) { return "percent must be \(percents.lowerBound) to \(percents.upperBound) (got \(entry.percent))" }
        guard let starts = LocalDate(parsing: entry.starts) else { return "starts must be a date YYYY-MM-DD (got \(entry.starts.debugDescription))" }
        guard let ends = LocalDate(parsing: entry.ends) else { return "ends must be a date YYYY-MM-DD (got \(entry.ends.debugDescription))" }
        if ends < starts { return "ends (\(entry.ends)) is before starts (\(entry.starts))" }
        return nil
    }

    static func describe(_ error: DecodingError) -> String {
        let (context, what): (DecodingError.Context, String) =
            switch error {
            case .typeMismatch(_, let context): (context, "wrong type")
            case .valueNotFound(_, let context): (context, "missing value")
            case .keyNotFound(let key, let context): (context, "missing \(key.stringValue)")
            case .dataCorrupted(let context): (context, "invalid JSON")
            @unknown default: (DecodingError.Context(codingPath: [], debugDescription: ""), "invalid")
            }
        let path = context.codingPath.map { $0.intValue.map { "entry \($0 + 1)" } ?? $0.stringValue }.joined(separator: ", ")
        return path.isEmpty ? what : "\(what) at \(path)"
    }

    /// The list this release ships, read once. A missing or invalid shipped file is a build defect,
    /// which the tests catch.
    public static let shipped: [LoyaltyCatalog.Bonus] = {
        guard let url = Bundle.module.url(forResource: "transfer-bonuses", withExtension: "json") else {
            fatalError("Resources/transfer-bonuses.json is not in the FareLens module's bundle")
        }
        do {
            return try parse(Data(contentsOf: url), programs: LoyaltyCatalog.shippedPrograms)
        } catch {
            fatalError("Resources/transfer-bonuses.json: \(error)")
        }
    }()
}

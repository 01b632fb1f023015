import CLISupport
import FareLensClient
import Foundation

/// How `farelens` writes what the API answers: money from minor units, dates, instants, price
/// series as sparklines, and ids typed back by the user.
enum Rendering {
    /// `$1234.50` for US dollars, else `EUR 12.34` (the currency's own decimals): minor units as a person reads them.
    static func money(_ minorUnits: Int?, _ currency: String?) -> String {
        guard let minorUnits, let currency else { return "" }
        let amount = FlightMoney.text(minorUnits: minorUnits, currency: currency)
        return currency.uppercased() == "USD" ? (amount.hasPrefix("-") ? "-$" + amount.dropFirst() : "$" + amount) : "\(currency.uppercased()) \(amount)"
    }

    /// An instant as local date and time to the minute.
    static func when(_ date: Date?) -> String {
        guard let date else { return "" }
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }

    /// An instant's local time of day, `14:03`.
    static func clock(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm"
        return formatter.string(from: date)
    }

    /// `LAX→JFK`.
    static func route(_ origin: String, _ destination: String) -> String { "\(origin)→\(destination)" }

    /// The eight block heights of a sparkline, lowest first.
    static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// `values` as a text sparkline, one block per value scaled between their minimum (▁) and
    /// maximum (█); a flat series sits in the middle (▄).
    static func sparkline(_ values: [Int]) -> String {
        guard let low = values.min(), let high = values.max() else { return "" }
        guard high > low else { return String(repeating: blocks[3], count: values.count) }
        return String(values.map { blocks[Int((Double($0 - low) / Double(high - low) * Double(blocks.count - 1)).rounded())] })
    }

    /// A dollar amount typed by the user (`300`, `249.99`) in minor units of `currency`; a 422-style
    /// failure naming `field` (exit 5) otherwise.
    static func minorUnits(_ text: String, currency: String, field: String) throws -> Int {
        guard let amount = FlightMoney.decimal(text), let units = CurrencyUnits.minorUnits(amount, currency: currency) else {
            throw invalidField(field, "must be an amount such as 300 or 249.99")
        }
        return units
    }

    /// A price typed in major units (dollars, or `currency`'s units) from one minor unit to `limit`
    /// minor units; outside that, a failure naming `field` in the units the user typed (exit 5).
    static func price(_ text: String, currency: String, field: String, limit: Int) throws -> Int {
        let units = try minorUnits(text, currency: currency, field: field)
        guard (1...limit).contains(units) else {
            throw invalidField(field, "must be an amount from \(money(1, currency)) to \(money(limit, currency))")
        }
        return units
    }

    /// A date typed by the user, `YYYY-MM-DD`; a 422-style failure naming `field` (exit 5) otherwise.
    static func date(_ text: String?, field: String) throws -> LocalDate? {
        guard let text else { return nil }
        guard let date = LocalDate(parsing: text) else { throw invalidField(field, "must be a date YYYY-MM-DD") }
        return date
    }

    /// An id typed by the user: a malformed one names nothing, so it is the server's not-found
    /// (exit 6) without asking.
    static func id<Entity>(_ text: String, _ kind: String) throws -> TypedID<Entity> {
        guard let id = TypedID<Entity>(text.trimmingCharacters(in: .whitespaces)) else { throw ClientError.notFound("no \(kind) \"\(text)\".") }
        return id
    }

    /// A whole number typed by the user for `field`, taken as text (options parse `.unconditional`ly,
    /// so `--balance -1` is a value, not a missing one): a malformed or too large one is a 422-style
    /// failure naming `field` (exit 5), and the server's checks judge the rest (a negative one too).
    static func number(_ text: String?, field: String) throws -> Int? {
        guard let text else { return nil }
        guard let value = Int(text.trimmingCharacters(in: .whitespaces)) else { throw invalidField(field, "must be a whole number") }
        return value
    }

    /// The first page a list command asks for, `--limit`'s text or the list's default size.
    static func page<Sizes>(_ text: String?) throws -> PageQuery<Sizes> {
        PageQuery(limit: try number(text, field: "limit") ?? Sizes.defaultLimit)
    }

    /// Every item of a FareLens list, page after page (the largest pages, following `X-Next-Cursor`);
    /// a cursor the server hands back twice ends the walk rather than looping.
    static func everyPage<Item, Sizes>(_ route: Route<NoParameter, NoBody, FareLensList<Item>>.Querying<PageQuery<Sizes>>, _ api: FareLensAPIClient) async throws -> [Item] {
        var items: [Item] = []
        var cursor: String?
        var seen: Set<String> = []
        repeat {
            let page = try await api.page(route, cursor: cursor, limit: FareLensRules.maxListLimit)
            items += page.items
            cursor = page.nextCursor
        } while cursor.map { seen.insert($0).inserted } ?? false
        return items
    }
}

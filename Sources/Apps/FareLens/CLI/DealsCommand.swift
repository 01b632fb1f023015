import ArgumentParser
import CLISupport
import FareLensClient
import Foundation

/// `farelens deals [--from --to --airlines --max-price]`: the caller's smart-queue feed.
struct DealsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "deals", abstract: "Your deals feed, best first.")
    @Option(help: "Only from this airport or metro code.") var from: String?
    @Option(help: "Only to this airport or metro code.") var to: String?
    @Option(help: "Only these airlines, comma-separated (UA,AA).") var airlines: String?
    @Option(name: .customLong("max-price"), parsing: .unconditional, help: "Only deals up to this price, in dollars.") var maxPrice: String?
    @Option(parsing: .unconditional, help: "How many (1–100, default 20).") var limit: String?
    @OptionGroup var options: SessionOptions

    func run() async throws {
        try await options.run { api in
            let cents = try maxPrice.map { String(try Self.maxPriceCents($0)) }
            let filter = try requireValid(DealFeedFilter.check(origin: from, destination: to, airlines: airlines, maxPrice: cents))
            let feed = try await api.send(FareLensRoutes.deals, query: DealFeedQuery(filter: filter, page: try Rendering.page(limit)))
            try options.show(feed) { feed in
                feed.data.isEmpty ? "No deals right now; `farelens search …` or `farelens watch add …` brings some." : Self.table(feed.data)
            }
        }
    }

    /// `--max-price` in dollars as the feed's `max_price` cents; out of the feed's range, a failure
    /// naming `max_price` in dollars, the unit the option is given in (the contract says cents).
    static func maxPriceCents(_ text: String) throws -> Int {
        try Rendering.price(text, currency: "USD", field: "max_price", limit: DealFeedFilter.maxPriceLimit)
    }

    /// Deals as a table: id, route, dates, airline, price, DealScore and tier, expiry.
    static func table(_ deals: [Deal]) -> String {
        CLISupport.table(
            ["ID", "ROUTE", "DEPARTS", "RETURNS", "AIRLINE", "PRICE", "SCORE", "TIER", "EXPIRES"],
            deals.map {
                [
                    $0.id.description, Rendering.route($0.origin, $0.destination), $0.departureDate.description, $0.returnDate?.description ?? "", $0.airline,
                    Rendering.money($0.priceCents, $0.currency), String($0.dealScore), $0.dealTier.rawValue, Rendering.when($0.expiresAt),
                ]
            })
    }
}

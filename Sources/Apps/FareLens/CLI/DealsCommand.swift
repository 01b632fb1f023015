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
            let feed = try await api.send(FareLensRoutes.deals, query: filter.queryItems + (try Rendering.limit(limit)))
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

/// `farelens deal ID [--history]`: one deal with why it scored, its other fares and its route's
/// prices; `--history` adds the route's daily lowest fares as a sparkline.
struct DealCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deal", abstract: "Show one deal and why it scored.",
        discussion:
            "--json prints {\"deal\": the API's deal detail, \"price_history\": the route's history as the API answers it (only with --history)}.")
    @Argument(help: "The deal's id (from `farelens deals`).") var id: String
    @Flag(help: "Add the route's price history (daily lowest fare) as a sparkline.") var history = false
    @OptionGroup var options: SessionOptions

    /// What `--json` prints: the deal as the API answers it, and the price history when asked.
    struct Report: Encodable {
        enum CodingKeys: String, CodingKey { case detail = "deal", history = "price_history" }
        var detail: DealDetail
        var history: PriceHistory?
    }

    func run() async throws {
        try await options.run { api in
            let detail = try await api.send(FareLensRoutes.deal, try Rendering.id(id, "deal") as DealID)
            var series: PriceHistory?
            if history {
                let deal = detail.deal
                let query = [
                    URLQueryItem(name: "currency", value: deal.currency), URLQueryItem(name: "cabin", value: deal.cabin.rawValue),
                    URLQueryItem(name: "trip", value: (deal.returnDate == nil ? TripKind.oneWay : .roundTrip).rawValue),
                ]
                series = try await api.send(FareLensRoutes.priceHistory, Unchecked(RoutePair(origin: deal.origin, destination: deal.destination)), query: query)
            }
            if options.json { return try printJSON(Report(detail: detail, history: series)) }
            print(Self.describe(detail))
            if let series { print(Self.describe(series, route: Rendering.route(detail.deal.origin, detail.deal.destination))) }
        }
    }

    static func describe(_ detail: DealDetail) -> String {
        let deal = detail.deal
        var lines = [
            "\(Rendering.route(deal.origin, deal.destination))  \(deal.departureDate)\(deal.returnDate.map { " – \($0)" } ?? "")  \(deal.airline)  \(deal.cabin.rawValue.lowercased())",
            "Price:      \(Rendering.money(deal.priceCents, deal.currency))",
            "DealScore:  \(deal.dealScore) (\(deal.dealTier.rawValue))",
            "Expires:    \(Rendering.when(deal.expiresAt))",
        ]
        if let summary = detail.priceHistory {
            lines.append(
                "Route, \(summary.days) days: \(count(summary.count, "fare")), low \(Rendering.money(summary.minCents, summary.currency)), median \(Rendering.money(summary.medianCents, summary.currency)), high \(Rendering.money(summary.maxCents, summary.currency))"
            )
        }
        if !detail.explanation.isEmpty {
            lines += ["", "Why it scored:"] + detail.explanation.map { "  \($0.factor.rawValue): \(amount($0.points))/\(amount($0.maxPoints))  \($0.detail)" }
        }
        if detail.fareOptions.count > 1 {
            lines +=
                ["", "Other fares:"]
                + detail.fareOptions.map {
                    "  \(Rendering.money($0.priceCents, $0.currency))  \($0.airline)  \($0.cabin.rawValue.lowercased())  \($0.provider.rawValue)  \($0.dealID)"
                }
        }
        return lines.joined(separator: "\n")
    }

    /// The price history as a sparkline of each departure date's lowest fare, with min, max and the latest date's.
    static func describe(_ history: PriceHistory, route: String) -> String {
        guard let first = history.data.first, let last = history.data.last else { return "\nPrice history \(route): no fares observed yet." }
        let lows = history.data.map(\.minCents)
        return """

            Price history \(route), \(first.date) – \(last.date) (\(count(history.data.count, "departure date"))):
            \(Rendering.sparkline(lows))
            min \(Rendering.money(lows.min(), history.currency))  max \(Rendering.money(lows.max(), history.currency))  latest \(Rendering.money(last.minCents, history.currency))
            """
    }

    /// Points as people write them: `12`, `7.5`.
    static func amount(_ value: Double) -> String { value.rounded() == value ? String(Int(value)) : String(format: "%.1f", value) }
}

/// `farelens book ID [--placement --provider]`: the deal's booking link for this user, printed, and
/// the click recorded with the link's own `sub_id` (an `affiliate_click`; docs/farelens.md, "Affiliate links and clicks").
struct BookCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "book", abstract: "Print a deal's booking link and record the click.",
        discussion: "--json prints {\"link\": the booking link opened, as the API lists it, \"click\": the click as the API recorded it}.")
    @Argument(help: "The deal's id.") var id: String
    @Option(help: "dealcard, glasssheet or widget (default dealcard).") var placement = AffiliatePlacement.dealcard.rawValue
    @Option(help: "airline, aviasales or wayaway (default: the first link offered).") var provider: String?
    @OptionGroup var options: SessionOptions

    /// What `--json` prints: the link opened and the click as the server recorded it.
    struct Report: Encodable {
        var link: BookingLink
        var click: AffiliateClick
    }

    func run() async throws {
        try await options.run { api in
            let dealID: DealID = try Rendering.id(id, "deal")
            let checked = try requireValid(DealLinks.checkPlacement(placement))
            let links = try await api.send(FareLensRoutes.dealLinks, dealID, query: DealLinksQuery(placement: checked))
            guard let link = provider.map({ wanted in links.links.first { $0.provider == wanted.lowercased() } }) ?? links.links.first else {
                throw invalidField("provider", "must be one of the deal's links: " + links.links.map(\.provider).joined(separator: ", "))
            }
            let body = try requireValid(
                AffiliateClickRequest.check(AffiliateClickRequest.Input(dealID: dealID.description, placement: checked.rawValue, provider: link.provider, subID: link.subID)))
            let click = try await api.send(FareLensRoutes.recordClick, body: body)
            if options.json { return try printJSON(Report(link: link, click: click)) }
            print("\(link.cta): \(link.url)")
            print("Click recorded (sub_id \(click.subID)).")
        }
    }
}

/// `farelens saved [list|add ID|rm ID]`: the deals you saved.
struct SavedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "saved", abstract: "Your saved deals.", subcommands: [List.self, Add.self, Remove.self], defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List your saved deals, newest first.")
        @Option(parsing: .unconditional, help: "How many (1–100).") var limit: String?
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { api in
                try options.show(try await api.send(FareLensRoutes.savedDeals, query: try Rendering.page(limit))) { saved in
                    saved.data.isEmpty ? "Nothing saved yet; `farelens saved add ID` saves a deal." : DealsCommand.table(saved.data.map(\.deal))
                }
            }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Save a deal.")
        @Argument(help: "The deal's id.") var id: String
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { api in
                let dealID: DealID = try Rendering.id(id, "deal")
                let saved = try await api.send(FareLensRoutes.saveDeal, body: SaveDealRequest(dealID: dealID))
                try options.show(saved) {
                    "Saved \(Rendering.route($0.deal.origin, $0.deal.destination)) \($0.deal.departureDate) at \(Rendering.money($0.deal.priceCents, $0.deal.currency))."
                }
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rm", abstract: "Forget a saved deal.")
        @Argument(help: "The deal's id.") var id: String
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { api in
                _ = try await api.send(FareLensRoutes.deleteSavedDeal, try Rendering.id(id, "saved deal") as DealID)
                print("Removed.")
            }
        }
    }
}

import ArgumentParser
import CLISupport
import FareLensClient
import Foundation

/// `farelens watch add|list|rm|pause|resume|check`: the routes you watch and their price checks.
struct WatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch", abstract: "Watch routes for price drops.",
        subcommands: [Add.self, List.self, Remove.self, Pause.self, Resume.self, Check.self], defaultSubcommand: List.self)

    static func describe(_ watchlist: Watchlist) -> String {
        "Watching \(Rendering.route(watchlist.origin, watchlist.destination))\(window(watchlist))"
            + (watchlist.maxPriceCents.map { " up to \(Rendering.money($0, watchlist.currency))" } ?? "") + (watchlist.paused ? " (paused)" : "")
            + " — id \(watchlist.id)"
    }

    static func window(_ watchlist: Watchlist) -> String {
        switch (watchlist.departureFrom, watchlist.departureTo) {
        case (nil, nil): ""
        case (let from, let to): " departing \(from?.description ?? "…") – \(to?.description ?? "…")"
        }
    }

    /// The watchlist `id` names, with `change` applied to its fields and sent back whole (PUT
    /// replaces); resuming a paused one first checks that the tier has room.
    static func update(_ id: String, _ api: FareLensAPIClient, _ change: (inout WatchlistInput) -> Void) async throws -> Watchlist {
        let watchlistID: WatchlistID = try Rendering.id(id, "watchlist")
        let current = try await api.send(FareLensRoutes.watchlist, watchlistID)
        var input = WatchlistInput(current)
        change(&input)
        return try await api.send(FareLensRoutes.updateWatchlist, watchlistID, body: input)
    }

    /// Every watchlist of the user, every page, paused ones too.
    static func all(_ api: FareLensAPIClient) async throws -> [Watchlist] { try await Rendering.everyPage(FareLensRoutes.watchlists, api) }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Watch a route.")
        @Argument(help: "Origin airport or metro code.") var origin: String
        @Argument(help: "Destination airport or metro code.") var destination: String
        @Option(name: .customLong("max-price"), parsing: .unconditional, help: "Only fares up to this price, in dollars (or the --currency's units).") var maxPrice: String?
        @Option(help: "Departing on or after, YYYY-MM-DD.") var from: String?
        @Option(help: "Departing on or before, YYYY-MM-DD.") var to: String?
        @Option(help: "Currency code (default USD).") var currency: String?
        @Flag(name: .customLong("no-alerts"), help: "Track the price without alerts.") var noAlerts = false
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { api in
                let money = currency?.uppercased() ?? WatchlistInput.defaultCurrency
                let input = WatchlistInput(
                    origin: origin, destination: destination, departureFrom: try Rendering.date(from, field: "departure_from"),
                    departureTo: try Rendering.date(to, field: "departure_to"),
                    maxPriceCents: try maxPrice.map { try Rendering.price($0, currency: money, field: "max_price", limit: WatchlistInput.maxPriceCents) },
                    currency: currency?.uppercased(),
                    alertsEnabled: noAlerts ? false : nil)
                try options.show(try await api.send(FareLensRoutes.createWatchlist, body: input), WatchCommand.describe)
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List your watchlists, newest first.")
        @Option(parsing: .unconditional, help: "How many (1–100, default 50).") var limit: String?
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { api in
                try options.show(try await api.send(FareLensRoutes.watchlists, query: try Rendering.page(limit))) { list in
                    list.data.isEmpty
                        ? "No watchlists yet; `farelens watch add LAX JFK --max-price 300` adds one."
                        : table(
                            ["ID", "ROUTE", "FROM", "TO", "MAX PRICE", "ALERTS", "STATE"],
                            list.data.map {
                                [
                                    $0.id.description, Rendering.route($0.origin, $0.destination), $0.departureFrom?.description ?? "", $0.departureTo?.description ?? "",
                                    Rendering.money($0.maxPriceCents, $0.currency), $0.alertsEnabled ? "on" : "off", $0.paused ? "paused" : "active",
                                ]
                            })
                }
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rm", abstract: "Stop watching a route.")
        @Argument(help: "The watchlist's id.") var id: String
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { api in
                _ = try await api.send(FareLensRoutes.deleteWatchlist, try Rendering.id(id, "watchlist") as WatchlistID)
                print("Removed.")
            }
        }
    }

    struct Pause: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Pause a watchlist (no checks, no alerts).")
        @Argument(help: "The watchlist's id.") var id: String
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { api in try options.show(try await WatchCommand.update(id, api) { $0.paused = true }, WatchCommand.describe) }
        }
    }

    struct Resume: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Resume a paused watchlist.")
        @Argument(help: "The watchlist's id.") var id: String
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { api in try options.show(try await WatchCommand.update(id, api) { $0.paused = false }, WatchCommand.describe) }
        }
    }

    struct Check: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check watchlists' prices now (without ids: every active watchlist, paused ones left out).")
        @Argument(help: "Watchlist ids (default: every active watchlist).") var ids: [String] = []
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { api in
                var chosen: [WatchlistID] = try ids.map { try Rendering.id($0, "watchlist") }
                if chosen.isEmpty {
                    chosen = try await WatchCommand.all(api).filter { !$0.paused }.map(\.id)
                    guard !chosen.isEmpty else { throw ClientError.notFound("no active watchlists to check; `farelens watch add …` adds one.") }
                }
                // The SDK's check: requests of at most 20 ids each, in turn.
                let service = WatchlistService(api: api, repository: WatchlistRepository(api: api, store: MemoryLocalStore()))
                let found = try await withProgress("Checking \(count(chosen.count, "watchlist"))") { try await service.checkForUpdates(chosen) }
                let checks = FareLensList(data: found)
                try options.show(checks, Check.describe)
                if let missing = checks.data.first(where: { !$0.found }) { throw ClientError.notFound("no watchlist \(missing.id).") }
            }
        }

        static func describe(_ checks: FareLensList<WatchlistCheck>) -> String {
            checks.data.map { check in
                guard check.found else { return "\(check.id): not found" }
                let change = check.changeCents.map { $0 == 0 ? "unchanged" : ($0 < 0 ? "down " : "up ") + Rendering.money(abs($0), check.currency) } ?? "first check"
                var lines = ["\(check.id): lowest \(check.latestPriceCents.map { Rendering.money($0, check.currency) } ?? "no fare found") (\(change))"]
                lines += (check.matchingDeals ?? []).map {
                    "  \(Rendering.route($0.origin, $0.destination)) \($0.departureDate) \($0.airline) \(Rendering.money($0.priceCents, $0.currency)) score \($0.dealScore) (\($0.dealTier.rawValue))"
                }
                return lines.joined(separator: "\n")
            }.joined(separator: "\n")
        }
    }
}

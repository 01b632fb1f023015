import ArgumentParser
import CLISupport
import FareLensClient
import Foundation

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
                let query = PriceHistoryFilter(currency: deal.currency, cabin: deal.cabin, trip: deal.returnDate == nil ? .oneWay : .roundTrip)
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

import CLISupport
import Foundation
import KnotClient

/// Renders three picks as cards side by side: number, type and price, title, merchant, the
/// description and the score; then each pick's ID (for `knot feedback`) and link. Sections line up across cards.
func renderRecommendations(_ recommendations: [Recommendation], prices: PriceFormatter = PriceFormatter()) -> String {
    guard !recommendations.isEmpty else { return "No recommendations." }
    let gap = "  │  "
    let width = max(24, min(44, (terminalWidth() - gap.count * (recommendations.count - 1)) / recommendations.count))
    let sections: [[[String]]] = recommendations.enumerated().map { index, item in
        let header = [
            "[\(index + 1)] \(item.recommendationType.rawValue.capitalized) · \(prices.format(cents: item.priceCents, currency: item.currency))",
            String(repeating: "─", count: width),
        ]
        let title = wrap(item.title, width: width) + (item.merchantName.map { wrap("at \($0)", width: width) } ?? [])
        let description = Array(wrap(item.description ?? "", width: width).prefix(5))
        let footer = [
            String(format: "score %.2f", item.finalScore)
                + (item.informedByHints.isEmpty ? "" : " · from \(item.informedByHints.count) hint\(item.informedByHints.count == 1 ? "" : "s")")
        ]
        return [header, title, description, footer]
    }
    let heights = (0..<4).map { section in sections.map { $0[section].count }.max() ?? 0 }
    let cards = sections.map { card in
        (0..<4).flatMap { section -> [String] in
            let lines = card[section] + Array(repeating: "", count: heights[section] - card[section].count)
            return section == 0 || section == 3 ? lines : lines + [""]
        }
    }
    let ids = recommendations.enumerated().map { "[\($0.offset + 1)] \($0.element.id)" + ($0.element.externalUrl.map { "  \($0)" } ?? "") }.joined(separator: "\n")
    return sideBySide(cards, width: width, gap: gap) + "\n\n" + ids
}

/// One recommendation in full: title, type and price, merchant, description, link and ID.
func describeRecommendation(_ item: Recommendation, prices: PriceFormatter = PriceFormatter()) -> String {
    var lines = [
        item.title,
        "\(item.recommendationType.rawValue.capitalized) · \(prices.format(cents: item.priceCents, currency: item.currency))" + (item.merchantName.map { " · at \($0)" } ?? ""),
    ]
    if let description = item.description, !description.isEmpty { lines += [""] + wrap(description, width: min(terminalWidth(), 100)) }
    lines.append("")
    if let link = item.externalUrl { lines.append("Link: \(link)") }
    lines.append("ID:   \(item.id)")
    return lines.joined(separator: "\n")
}

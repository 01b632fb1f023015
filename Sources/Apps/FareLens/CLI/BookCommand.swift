import ArgumentParser
import CLISupport
import FareLensClient
import Foundation

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

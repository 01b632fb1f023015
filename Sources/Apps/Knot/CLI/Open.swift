import ArgumentParser
import CLISupport
import Foundation
import KnotClient

/// `knot open <link>`: what a recommendation link (universal link or `knot://`) opens, as the app's
/// deep-link handler reads it.
struct Open: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show the recommendation a link points to (https://…/knot/recommendation/<id> or knot://recommendation/<id>).")
    @Argument(help: "The link.") var link: String
    @OptionGroup var options: SessionOptions

    func run() async throws {
        let route: KnotDeepLink
        switch KnotDeepLink.parse(link) {
        case .success(let parsed): route = parsed
        case .failure(let error): throw CLI.invalidUsage(error.description)
        }
        try await options.run { api in
            switch route {
            case .recommendation(let id):
                let item: Recommendation
                do {
                    item = try await withProgress("Loading the recommendation") { try await api.send(KnotRoutes.recommendation, id) }
                } catch KnotError.notFound {
                    throw KnotError.notFound("no recommendation \(id) for this account (it was deleted, or the link is someone else's).")
                }
                try options.show(item) { describeRecommendation($0) }
            case .milestoneRecommendations(let id):
                let result = try await withProgress("Loading the milestone's picks") { try await api.send(KnotRoutes.milestoneRecommendations, id) }
                try options.show(result) { renderRecommendations($0.recommendations) }
            }
        }
    }
}

import Foundation
import Hummingbird
import PlatformCore
import VibeKeeperAPI

/// Search by meaning and an idea's related ideas.
public struct SearchController: Sendable {
    let search: IdeaSearch

    public init(search: IdeaSearch) {
        self.search = search
    }

    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        api.on(VibeKeeperRoutes.search, use: find)
        api.on(VibeKeeperRoutes.relatedIdeas, use: related)
    }

    @Sendable func find(_ request: Request, _ context: AuthenticatedContext, _: NoParameter, _ query: IdeaSearchQuery) async throws -> SearchResults {
        try await search.search(query.text, filter: query.filter, for: context.userID, limit: query.limit)
    }

    @Sendable func related(_ request: Request, _ context: AuthenticatedContext, _ id: GiftIdeaID, _ query: RelatedIdeasQuery) async throws -> [RelatedIdea] {
        guard let related = try await search.related(to: id, for: context.userID, limit: query.limit) else { throw GiftIdeasController.ideaNotFound }
        return related
    }
}

extension SearchResults: ResponseEncodable {}
extension RelatedIdea: ResponseEncodable {}

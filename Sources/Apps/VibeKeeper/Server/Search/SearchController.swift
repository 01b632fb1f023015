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

    @Sendable func find(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> SearchResults {
        var v = Validator()
        let query = request.uri.queryParameters
        let filter = GiftIdeaFilter.parse({ query.get($0).map { String($0) } }, &v)
        let text = v.requireText(query.get("q").map { String($0) }, "q", maxLength: VibeKeeperRules.maxFilterTextLength)
        let limit = v.queryInteger(query.get("limit").map { String($0) }, "limit", default: 20, range: 1...50)
        try v.throwIfInvalid()
        return try await search.search(text!, filter: filter, for: context.userID, limit: limit)
    }

    @Sendable func related(_ request: Request, _ context: AuthenticatedContext, _ id: GiftIdeaID) async throws -> [RelatedIdea] {
        var v = Validator()
        let limit = v.queryInteger(request.uri.queryParameters.get("limit").map { String($0) }, "limit", default: 5, range: 1...20)
        try v.throwIfInvalid()
        guard let related = try await search.related(to: id, for: context.userID, limit: limit) else { throw GiftIdeasController.ideaNotFound }
        return related
    }
}

extension SearchResults: ResponseEncodable {}
extension RelatedIdea: ResponseEncodable {}

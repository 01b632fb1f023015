import Foundation
import Hummingbird
import PlatformCore
import VibeKeeperAPI

/// `GET /search` and `GET /gift-ideas/{id}/related`.
public struct SearchController: Sendable {
    let search: IdeaSearch

    public init(search: IdeaSearch) {
        self.search = search
    }

    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        api.get("search") { request, context -> SearchResults in
            var v = Validator()
            let query = request.uri.queryParameters
            let filter = GiftIdeaFilter.parse({ query.get($0).map { String($0) } }, &v)
            let text = v.requireText(query.get("q").map { String($0) }, "q", maxLength: VibeKeeperRules.maxFilterTextLength)
            let limit = v.queryInteger(query.get("limit").map { String($0) }, "limit", default: 20, range: 1...50)
            try v.throwIfInvalid()
            return try await search.search(text!, filter: filter, for: context.userID, limit: limit)
        }
        api.get("gift-ideas/:id/related") { request, context -> [RelatedIdea] in
            let id = try GiftIdeasController.ideaID(context)
            var v = Validator()
            let query = request.uri.queryParameters
            let limit = v.queryInteger(query.get("limit").map { String($0) }, "limit", default: 5, range: 1...20)
            try v.throwIfInvalid()
            guard let related = try await search.related(to: id, for: context.userID, limit: limit) else { throw GiftIdeasController.ideaNotFound }
            return related
        }
    }
}

extension SearchResults: ResponseEncodable {}
extension RelatedIdea: ResponseEncodable {}

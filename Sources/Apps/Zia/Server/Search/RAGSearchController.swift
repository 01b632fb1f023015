import Foundation
import HTTPTypes
import Hummingbird
import PlatformCore
import ZiaAPI

/// `GET /zia/v1/rag/search`: the query checked (422 naming `q`, `domain` or `k`), then the corpus
/// or the caller's memories searched.
struct RAGSearchController: Sendable {
    let corpus: CorpusIndex
    let memories: MemorySearch

    func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        api.on(ZiaRoutes.ragSearch, use: search)
    }

    @Sendable func search(_ request: Request, _ context: AuthenticatedContext, _: NoParameter, _ search: RAGSearchQuery) async throws -> RAGSearchResults {
        let (query, domain, k) = (search.q, search.domain, search.k)
        let results: [RAGSearchHit]
        do {
            switch domain {
            case .recipe:
                results = try await corpus.recipes(matching: query, k: k).map { RAGSearchHit(id: $0.recipe.id, score: $0.score, recipe: $0.recipe) }
            case .knowledge:
                results = try await corpus.articles(matching: query, domain: nil, k: k).map { RAGSearchHit(id: $0.article.id, score: $0.score, article: $0.article) }
            case .memory:
                results = try await memories.memories(of: context.userID, matching: query, k: k).map {
                    RAGSearchHit(id: $0.memory.id.uuidString.lowercased(), score: $0.score, memory: $0.memory)
                }
            }
        } catch let error as DatabaseUnavailable {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw Self.unavailable
        }
        return RAGSearchResults(query: query, domain: domain, results: results)
    }

    /// The embedder could not embed the query or the corpus (a remote embedder failing): 503 with
    /// `Retry-After`, never a 500.
    static var unavailable: APIError {
        var headers = HTTPFields()
        headers[.retryAfter] = "5"
        return APIError(.serviceUnavailable, code: "search_unavailable", message: "Search is temporarily unavailable. Retry after 5 seconds.", headers: headers)
    }
}

extension RAGSearchResults: ResponseEncodable {}

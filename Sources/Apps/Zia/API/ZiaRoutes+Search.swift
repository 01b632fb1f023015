import Foundation
import PlatformAPI

extension ZiaRoutes {
    /// Retrieval as the assistant sees it: `?q=&domain=recipe|knowledge|memory&k=`, the nearest
    /// shipped recipes or articles, or the caller's own memories.
    public static let ragSearch = Route<NoParameter, NoBody, RAGSearchResults>.Querying<RAGSearchQuery>(.get, root, "/rag/search")

    /// The search routes, for ``all``.
    public static let searchRoutes: [RouteShape] = [ragSearch.shape]
}

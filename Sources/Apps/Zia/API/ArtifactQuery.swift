import Foundation
import PlatformAPI

/// The query of `GET /artifacts`: only one type's, and the page.
public struct ArtifactQuery: RouteQuery, Equatable {
    /// The saved-items list's page sizes (50, at most 100).
    public enum Pages: PageSize {
        public static let defaultLimit = ArtifactRules.defaultPage
        public static let maxLimit = ArtifactRules.maxPage
    }

    public var type: ArtifactType?
    public var page: PageQuery<Pages>

    public init(type: ArtifactType? = nil, page: PageQuery<Pages> = PageQuery()) {
        self.type = type
        self.page = page
    }

    public static var parameters: [QueryParameter] { [QueryParameter("artifact_type")] + PageQuery<Pages>.parameters }

    /// `artifact_type` one of ``ArtifactType`` when given; then `limit`.
    public static func read(_ query: QueryValues, _ v: inout Validator) -> ArtifactQuery {
        let type = query["artifact_type"].flatMap { v.requireEnum($0, "artifact_type", as: ArtifactType.self) }
        return ArtifactQuery(type: type, page: PageQuery.read(query, &v))
    }

    public var queryItems: [URLQueryItem] { (type.map { [URLQueryItem(name: "artifact_type", value: $0.rawValue)] } ?? []) + page.queryItems }
}

import Foundation
import PlatformAPI

/// The query of `GET /deals/{id}/links`: where in the app the links are shown (``DealLinks/checkPlacement(_:)``).
public struct DealLinksQuery: RouteQuery, Equatable {
    public var placement: AffiliatePlacement

    public init(placement: AffiliatePlacement) {
        self.placement = placement
    }

    public static let parameters: [QueryParameter] = [.oneOf("placement", AffiliatePlacement.self, required: true)]

    /// `placement` required, dealcard, glasssheet or widget.
    public static func read(_ query: QueryValues, _ v: inout Validator) -> DealLinksQuery {
        let checked = DealLinks.checkPlacement(query["placement"])
        for problem in checked.problems { v.fail(problem.field, problem.message) }
        return DealLinksQuery(placement: checked.value ?? .dealcard)
    }

    public var queryItems: [URLQueryItem] { [URLQueryItem(name: "placement", value: placement.rawValue)] }
}

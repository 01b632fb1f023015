import Foundation
import PlatformAPI

/// The query of `GET /admin/costs`: how many UTC days, ending today, the report covers.
public struct CostQuery: RouteQuery, Equatable {
    public var days: Int

    public init(days: Int = CostReport.defaultDays) {
        self.days = days
    }

    public static let parameters: [QueryParameter] = [.integer("days", range: CostReport.dayRange, default: CostReport.defaultDays)]

    /// `days` 1–90 (14).
    public static func read(_ query: QueryValues, _ v: inout Validator) -> CostQuery {
        CostQuery(days: v.queryInteger(query["days"], "days", default: CostReport.defaultDays, range: CostReport.dayRange))
    }

    public var queryItems: [URLQueryItem] { [URLQueryItem(name: "days", value: String(days))] }
}

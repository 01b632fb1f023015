import Foundation
import PlatformAPI

/// The query of `GET /reminders`: by status and a window of scheduled times.
public struct ReminderFilter: RouteQuery, Equatable {
    public var status: ReminderStatus?
    public var from: Date?
    public var to: Date?

    public init(status: ReminderStatus? = nil, from: Date? = nil, to: Date? = nil) {
        self.status = status
        self.from = from
        self.to = to
    }

    /// `status`, `from_date`, `to_date` (an ISO 8601 instant, or a `YYYY-MM-DD` day: from its
    /// start, to its end, in UTC).
    public static func parse(_ parameter: (String) -> String?, _ v: inout Validator) -> ReminderFilter {
        var filter = ReminderFilter()
        if let raw = parameter("status") { filter.status = v.requireEnum(raw, "status", as: ReminderStatus.self) }
        if let raw = parameter("from_date") { filter.from = ReminderFieldRules.bound(raw, "from_date", endOfDay: false, &v) }
        if let raw = parameter("to_date") { filter.to = ReminderFieldRules.bound(raw, "to_date", endOfDay: true, &v) }
        if let from = filter.from, let to = filter.to, from > to { v.fail("to_date", "must not be before from_date") }
        return filter
    }

    public static let parameters: [QueryParameter] = [.oneOf("status", ReminderStatus.self), QueryParameter("from_date"), QueryParameter("to_date")]

    public static func read(_ query: QueryValues, _ v: inout Validator) -> ReminderFilter {
        parse({ query[$0] }, &v)
    }

    /// The set filters, the bounds as ISO 8601 instants.
    public var queryItems: [URLQueryItem] {
        var query: [URLQueryItem] = []
        if let status { query.append(URLQueryItem(name: "status", value: status.rawValue)) }
        if let from { query.append(URLQueryItem(name: "from_date", value: ISO8601.string(from: from))) }
        if let to { query.append(URLQueryItem(name: "to_date", value: ISO8601.string(from: to))) }
        return query
    }
}

import Foundation
import PlatformAPI

/// The query of `GET /airports` (`q`, `limit`), checked by the same rules in the server and the SDK.
public struct AirportQuery: RouteQuery, Equatable {
    /// The longest `q` taken, in characters (after trimming).
    public static let maxTextLength = 64
    public static let defaultLimit = 10
    public static let maxLimit = 50

    public var text: String
    public var limit: Int

    public init(text: String, limit: Int = Self.defaultLimit) {
        self.text = text
        self.limit = limit
    }

    /// `q` required, not blank, at most 64 characters; `limit` a whole number in 1–50 (10 when absent).
    public static func check(q: String?, limit: String?) -> Checked<AirportQuery> {
        var v = Validator()
        let text = v.requireText(q, "q", maxLength: maxTextLength)
        let limit = v.queryInteger(limit, "limit", default: defaultLimit, range: 1...maxLimit)
        return .from(v) { text.map { AirportQuery(text: $0, limit: limit) } }
    }

    public static let parameters: [QueryParameter] = [QueryParameter("q", required: true), .integer("limit", range: 1...maxLimit, default: defaultLimit)]

    /// ``check(q:limit:)`` on a request's query, an empty text in place of a bad `q`.
    public static func read(_ query: QueryValues, _ v: inout Validator) -> AirportQuery {
        let checked = check(q: query["q"], limit: query["limit"])
        for problem in checked.problems { v.fail(problem.field, problem.message) }
        return checked.value ?? AirportQuery(text: "")
    }

    /// The query string the SDK sends.
    public var queryItems: [URLQueryItem] { [URLQueryItem(name: "q", value: text), URLQueryItem(name: "limit", value: String(limit))] }
}

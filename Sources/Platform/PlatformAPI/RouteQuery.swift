import Foundation

/// The query a ``Route/Querying`` route takes, typed: the parameters it declares (the served
/// document's, generated from them), the rules that read a request's text into it (the server
/// applies them before the handler runs, so a bad parameter is one 422 naming each), and the
/// items an SDK sends. A route without one takes no query parameter at all.
public protocol RouteQuery: Sendable {
    /// The parameters the route takes, in the order the document lists them.
    static var parameters: [QueryParameter] { get }
    /// The query `query` asks for, each offending parameter recorded in `v` (and a default in its
    /// place, so a handler with checks of its own can name its problems in the same 422).
    static func read(_ query: QueryValues, _ v: inout Validator) -> Self
    /// The query string the SDK sends (absent values left out).
    var queryItems: [URLQueryItem] { get }
}

extension RouteQuery {
    /// The valid query, or every offending parameter (an SDK's check before it sends).
    public static func check(_ query: QueryValues) -> Checked<Self> {
        var v = Validator()
        let value = read(query, &v)
        return .from(v) { value }
    }
}

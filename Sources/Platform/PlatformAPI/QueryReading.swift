/// A typed query as read, with what is wrong with it not yet reported: what a handler gets when its
/// own checks of the query (a page's cursor, a code looked up) must be named in the same 422 as the
/// query's. Its value is reached only through ``checked(_:)``, so a handler cannot use a default
/// standing in for a bad parameter.
public struct QueryReading<Query: RouteQuery>: Sendable {
    /// The query, a default in place of each offending parameter.
    private let value: Query
    /// The query's problems.
    private let validator: Validator

    public init(_ query: QueryValues) {
        var v = Validator()
        value = Query.read(query, &v)
        validator = v
    }

    /// What `more` makes of the query, valid only when neither the query nor `more` recorded a
    /// problem (nor made nothing): one 422 (`.get()` on the server) names them all.
    public func checked<Value: Sendable>(_ more: (Query, inout Validator) throws -> Value?) rethrows -> Checked<Value> {
        var v = validator
        let made = try more(value, &v)
        return .from(v) { made }
    }
}

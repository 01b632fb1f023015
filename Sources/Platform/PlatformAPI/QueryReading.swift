/// A typed query as read, with what is wrong with it not yet reported: what a handler gets when its
/// own checks of the query (a page's cursor, a code looked up) must be named in the same 422 as the
/// query's. The handler adds its problems to ``validator`` and throws it before it does anything.
public struct QueryReading<Query: RouteQuery>: Sendable {
    /// The query, a default in place of each offending parameter.
    public let value: Query
    /// The query's problems so far.
    public var validator: Validator

    public init(_ query: QueryValues) {
        var v = Validator()
        value = Query.read(query, &v)
        validator = v
    }
}

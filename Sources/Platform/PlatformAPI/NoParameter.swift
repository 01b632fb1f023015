/// The path parameter of a route that has none.
public struct NoParameter: PathParameter, Hashable {
    public init() {}
    public init?(pathComponent: String) { nil }
    public var pathComponent: String { "" }
    public static var notFoundName: String { "Route" }
    public static var notFoundCode: String { "not_found" }
}

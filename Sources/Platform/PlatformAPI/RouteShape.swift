/// A route without its types: what route tables, fakes and coverage checks compare (by method,
/// root and template), and what the served document's generated parts come from (the path
/// parameter's schema, the query, the status).
public struct RouteShape: Hashable, Sendable, CustomStringConvertible {
    public let method: Endpoint.Method
    public let root: APIRoot
    public let template: String
    /// The query parameters the route takes (``RouteQuery/parameters``); none for a plain ``Route``.
    public let query: [QueryParameter]
    /// The status of a success.
    public let status: Int
    /// The schema of the path parameter (``PathParameter/schema``); nil for a route without one.
    public let pathSchema: JSONValue?

    public init(method: Endpoint.Method, root: APIRoot, template: String, query: [QueryParameter] = [], status: Int = 200, pathSchema: JSONValue? = nil) {
        self.method = method
        self.root = root
        self.template = template
        self.query = query
        self.status = status
        self.pathSchema = pathSchema
    }

    public static func == (lhs: RouteShape, rhs: RouteShape) -> Bool {
        lhs.method == rhs.method && lhs.root == rhs.root && lhs.template == rhs.template
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(method)
        hasher.combine(root)
        hasher.combine(template)
    }

    /// The path template from the server root, as OpenAPI writes it: `/<app>/api/v1/things/{id}`.
    public var path: String { root.prefix + template }
    /// `DELETE /<app>/api/v1/things/{id}`.
    public var description: String { "\(method.rawValue) \(path)" }

    /// The path parameter's text when `method` and `path` (from the server root, no query) are
    /// this route's: `""` for a route without one, nil when they are not this route's.
    public func match(_ method: Endpoint.Method, _ path: String) -> String? {
        guard method == self.method else { return nil }
        return RouteTemplate.match(self.path, path)
    }
}

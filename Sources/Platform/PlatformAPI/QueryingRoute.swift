extension Route {
    /// A ``Route`` that takes the typed query `Query`: the server decodes and checks it before the
    /// handler runs (``RouteQuery/check(_:)``), the SDK encodes it (``RouteQuery/queryItems``) and
    /// the served document's query parameters are generated from ``RouteQuery/parameters``.
    /// Declared as `Route<Parameter, Body, Response>.Querying<Query>(.get, root, "/things")`.
    public struct Querying<Query: RouteQuery>: Sendable, CustomStringConvertible {
        /// The route without its query: method, path, body, response and status.
        public let route: Route

        public init(_ method: Endpoint.Method, _ root: APIRoot, _ template: String, status: Int? = nil) {
            route = Route(method, root, template, status: status)
        }

        /// The method and path the route has for `parameter`.
        public func endpoint(_ parameter: Parameter) -> Endpoint { route.endpoint(parameter) }
        /// The route as the route table lists it.
        public var description: String { route.description }
        /// The route without its types, with the query parameters it declares.
        public var shape: RouteShape {
            RouteShape(method: route.method, root: route.root, template: route.template, query: Query.parameters, status: route.status, pathSchema: Route.pathSchema)
        }

        /// The path parameter's text when `endpoint` is this route (`""` when it has none), else nil.
        public func match(_ endpoint: Endpoint) -> String? { route.match(endpoint) }
        /// Whether `endpoint` is this route.
        public static func ~= (route: Querying, endpoint: Endpoint) -> Bool { route.match(endpoint) != nil }
    }
}

extension Route.Querying where Parameter == NoParameter {
    /// The method and path of a route without a path parameter.
    public var endpoint: Endpoint { route.endpoint }
}

extension TypedID: PathParameter where Entity: NamedEntity {
    public init?(pathComponent: String) { self.init(pathComponent) }
    public var pathComponent: String { description }
    public static var notFoundName: String { Entity.entityName }
    public static var notFoundCode: String { Entity.notFoundCode }
}

/// One operation of an app's HTTP API, declared once in the app's contract module: its method, its
/// path template under a root (`/things/{id}` with a typed ``PathParameter``), the body it takes, the
/// response it answers and the status of a success. The server registers its handler through it,
/// the SDK sends through it, the client test fakes route on it and the route-table test compares
/// the server's routes and the OpenAPI document with it; no API path is spelled anywhere else.
public struct Route<Parameter: PathParameter, Body: Sendable, Response: Sendable>: Sendable, CustomStringConvertible {
    public let method: Endpoint.Method
    public let root: APIRoot
    /// The path under ``root``: empty or starting with `/`, with at most one `{name}` segment
    /// (filled by ``Parameter``).
    public let template: String
    /// The status of a success (200, 201 for creates, 204 for ``NoContent``).
    public let status: Int

    public init(_ method: Endpoint.Method, _ root: APIRoot, _ template: String, status: Int? = nil) {
        let parameters = RouteTemplate.parameterNames(template)
        precondition(parameters.count == (Parameter.self == NoParameter.self ? 0 : 1), "\(template) must name exactly the route's path parameters")
        precondition(template.isEmpty || template.hasPrefix("/"), "a route template starts with /, got \(template)")
        self.method = method
        self.root = root
        self.template = template
        self.status = status ?? (Response.self == NoContent.self ? 204 : 200)
    }

    /// The method and path the route has for `parameter`.
    public func endpoint(_ parameter: Parameter) -> Endpoint {
        Endpoint(method, root.prefix + RouteTemplate.filling(template, with: parameter.pathComponent))
    }

    /// The route as the route table lists it.
    public var description: String { shape.description }
    /// The route without its types (route tables, coverage checks).
    public var shape: RouteShape { RouteShape(method: method, root: root, template: template, status: status, pathSchema: Self.pathSchema) }

    /// The path parameter's schema, nil for a route without one.
    static var pathSchema: JSONValue? { Parameter.self == NoParameter.self ? nil : Parameter.schema }
}

extension Route where Parameter == NoParameter {
    /// The method and path of a route without a path parameter.
    public var endpoint: Endpoint { Endpoint(method, root.prefix + template) }
}

extension Route {
    /// The path parameter's text when `endpoint` is this route (`""` when it has none), else nil:
    /// how test fakes route requests on the contract.
    public func match(_ endpoint: Endpoint) -> String? { shape.match(endpoint.method, endpoint.path) }

    /// Whether `endpoint` is this route (`switch endpoint { case Routes.thing: … }`).
    public static func ~= (route: Route, endpoint: Endpoint) -> Bool { route.match(endpoint) != nil }
}

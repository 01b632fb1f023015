/// Where a group of an app's routes lives and whether they need a bearer token: `/<app>` + a path
/// (`/<app>/api/v1`, `/<app>/v1`). An app declares its roots in its contract module
/// (``APIRoot/api(_:_:)`` for the authenticated API, ``APIRoot/open(_:_:)`` for routes without a
/// token such as webhooks and public pages); the server mounts one group per root.
public struct APIRoot: Hashable, Sendable, CustomStringConvertible {
    /// The app whose prefix the root sits under.
    public let app: AppID
    /// The path under the app's prefix: empty or starting with `/`, without a trailing `/`.
    public let path: String
    /// Whether routes under this root need the platform's bearer token.
    public let authenticated: Bool

    public init(app: AppID, path: String, authenticated: Bool) {
        precondition(path.isEmpty || (path.hasPrefix("/") && !path.hasSuffix("/")), "a root path is empty or /segment(s), got \(path)")
        self.app = app
        self.path = path
        self.authenticated = authenticated
    }

    /// Where an app's authenticated API lives unless its seed names another root.
    public static let defaultPath = "/api/v1"

    /// An authenticated API root, ``defaultPath`` unless the app's seed names another (`/v1`).
    public static func api(_ app: AppID, _ path: String = defaultPath) -> APIRoot { APIRoot(app: app, path: path, authenticated: true) }
    /// Routes without a bearer token under `/<app>` + `path` (webhooks with their own signatures, public pages).
    public static func open(_ app: AppID, _ path: String = "") -> APIRoot { APIRoot(app: app, path: path, authenticated: false) }

    /// The root's path from the server root: `/<app>/api/v1`.
    public var prefix: String { app.pathPrefix + path }
    public var description: String { prefix }
}

/// A value that fills a route's `{…}` path parameter: its text on the wire and its parse, nil for
/// text that cannot name one (the server answers such a path 404, exactly as a missing object).
public protocol PathParameter: Sendable {
    init?(pathComponent: String)
    var pathComponent: String { get }
    /// The 404 a server answers when the path names no such object: what it is (`Thing`) and the
    /// error code (`thing_not_found`).
    static var notFoundName: String { get }
    static var notFoundCode: String { get }
}

/// What a typed ID names, for the 404 of a path that names none (`Thing`, `thing_not_found`).
/// Entity marker types conform so that their ``TypedID`` can be a route's path parameter.
public protocol NamedEntity {
    static var entityName: String { get }
    static var notFoundCode: String { get }
}

extension TypedID: PathParameter where Entity: NamedEntity {
    public init?(pathComponent: String) { self.init(pathComponent) }
    public var pathComponent: String { description }
    public static var notFoundName: String { Entity.entityName }
    public static var notFoundCode: String { Entity.notFoundCode }
}

/// The path parameter of a route that has none.
public struct NoParameter: PathParameter, Hashable {
    public init() {}
    public init?(pathComponent: String) { nil }
    public var pathComponent: String { "" }
    public static var notFoundName: String { "Route" }
    public static var notFoundCode: String { "not_found" }
}

/// The request body of a route that takes none.
public struct NoBody: Codable, Sendable, Hashable {
    public init() {}
}

/// The response of a route that answers `204 No Content`.
public struct NoContent: Codable, Sendable, Hashable {
    public init() {}
}

/// A response the SDK reads as bytes (an attachment, a media file, an event stream): the route's
/// wire format is not one JSON document.
public struct RawBody: Sendable, Hashable {
    public let data: [UInt8]
    public init(_ data: [UInt8]) { self.data = data }
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
    public var shape: RouteShape { RouteShape(method: method, root: root, template: template) }
}

extension Route where Parameter == NoParameter {
    /// The method and path of a route without a path parameter.
    public var endpoint: Endpoint { Endpoint(method, root.prefix + template) }
}

/// A route without its types: what route tables, fakes and coverage checks compare.
public struct RouteShape: Hashable, Sendable, CustomStringConvertible {
    public let method: Endpoint.Method
    public let root: APIRoot
    public let template: String

    public init(method: Endpoint.Method, root: APIRoot, template: String) {
        self.method = method
        self.root = root
        self.template = template
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

/// Reading and filling `{name}` segments of path templates.
public enum RouteTemplate {
    /// The names of a template's `{name}` segments, in order.
    public static func parameterNames(_ template: String) -> [String] {
        template.split(separator: "/").compactMap { segment in
            segment.hasPrefix("{") && segment.hasSuffix("}") ? String(segment.dropFirst().dropLast()) : nil
        }
    }

    /// The template with its parameter segment replaced by `value`.
    public static func filling(_ template: String, with value: String) -> String {
        template.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            segment.hasPrefix("{") && segment.hasSuffix("}") ? value : String(segment)
        }.joined(separator: "/")
    }

    /// The template in Hummingbird's spelling (`{id}` → `:id`).
    public static func routerPath(_ template: String) -> String {
        template.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            segment.hasPrefix("{") && segment.hasSuffix("}") ? ":" + segment.dropFirst().dropLast() : String(segment)
        }.joined(separator: "/")
    }

    /// The parameter's text when `path` fits `template` (`""` when it has none), else nil.
    public static func match(_ template: String, _ path: String) -> String? {
        let wanted = template.split(separator: "/", omittingEmptySubsequences: false)
        let given = path.split(separator: "/", omittingEmptySubsequences: false)
        guard wanted.count == given.count else { return nil }
        var value = ""
        for (segment, actual) in zip(wanted, given) {
            if segment.hasPrefix("{") && segment.hasSuffix("}") {
                guard !actual.isEmpty else { return nil }
                value = String(actual)
            } else if segment != actual {
                return nil
            }
        }
        return value
    }
}

/// A path parameter the server reads as sent, for routes that answer even a path naming nothing
/// (a public page showing its generic version): ``value`` is the parsed parameter when the text
/// names one.
public struct Unchecked<Wrapped: PathParameter>: PathParameter {
    public let text: String
    public let value: Wrapped?

    public init(_ value: Wrapped) {
        self.text = value.pathComponent
        self.value = value
    }

    public init?(pathComponent: String) {
        self.text = pathComponent
        self.value = Wrapped(pathComponent: pathComponent)
    }

    public var pathComponent: String { text }
    public static var notFoundName: String { Wrapped.notFoundName }
    public static var notFoundCode: String { Wrapped.notFoundCode }
}

/// The request body of an upload route: `multipart/form-data` built with ``MultipartBuilder``
/// (not one JSON document).
public struct MultipartFormBody: Sendable, Hashable {
    public init() {}
}

extension Route {
    /// The path parameter's text when `endpoint` is this route (`""` when it has none), else nil:
    /// how test fakes route requests on the contract.
    public func match(_ endpoint: Endpoint) -> String? { shape.match(endpoint.method, endpoint.path) }

    /// Whether `endpoint` is this route (`switch endpoint { case Routes.thing: … }`).
    public static func ~= (route: Route, endpoint: Endpoint) -> Bool { route.match(endpoint) != nil }
}

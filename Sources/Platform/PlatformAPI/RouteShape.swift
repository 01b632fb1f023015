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

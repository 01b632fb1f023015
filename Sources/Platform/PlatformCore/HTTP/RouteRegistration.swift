import HTTPTypes
import Hummingbird
import PlatformAPI

extension NoContent: ResponseGenerator {
    /// `204 No Content`.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        Response(status: .noContent)
    }
}

extension HTTPRequest.Method {
    /// The HTTP method of a contract's ``Endpoint/Method``.
    public init(_ method: Endpoint.Method) {
        switch method {
        case .get: self = .get
        case .post: self = .post
        case .put: self = .put
        case .patch: self = .patch
        case .delete: self = .delete
        }
    }
}

extension RouterMethods {
    /// Registers `handler` for `route` on this group, which sits at the route's root
    /// (``APIRoot/prefix``): the path comes from the contract, the path parameter arrives parsed
    /// (a path that names none is the 404 a missing object gets) and a success answers the route's
    /// status (201 for a create).
    @discardableResult
    public func on<Parameter, Body, Output: ResponseGenerator>(
        _ route: Route<Parameter, Body, Output>, use handler: @escaping @Sendable (Request, Context, Parameter) async throws -> Output
    ) -> Self {
        let status = HTTPResponse.Status(code: route.status)
        return on(route, edited: { request, context, parameter in EditedResponse(status: status, response: try await handler(request, context, parameter)) })
    }

    /// ``on(_:use:)`` for a handler that sets headers or the status itself (`ETag`, a page's
    /// `X-Next-Cursor`) around the route's typed response.
    @discardableResult
    public func on<Parameter, Body, Output: ResponseGenerator>(
        _ route: Route<Parameter, Body, Output>, edited handler: @escaping @Sendable (Request, Context, Parameter) async throws -> EditedResponse<Output>
    ) -> Self {
        on(route, responding: handler)
    }

    /// ``on(_:use:)`` for a handler that writes the response itself: bytes encoded as they are
    /// read, an attachment, a file, an event stream. The route still names what the bytes are for
    /// the SDK.
    @discardableResult
    public func on<Parameter, Body, Output>(
        _ route: Route<Parameter, Body, Output>, responding handler: @escaping @Sendable (Request, Context, Parameter) async throws -> some ResponseGenerator
    ) -> Self {
        let name = RouteTemplate.parameterNames(route.template).first
        return on(RouterPath(String(RouteTemplate.routerPath(route.template).dropFirst())), method: HTTPRequest.Method(route.method)) { request, context in
            try await handler(request, context, try Self.pathParameter(Parameter.self, named: name, in: context))
        }
    }

    /// Registers `handler` for a route that takes a typed query: after the path parameter, the
    /// query is checked by its own rules (``RouteQuery/check(_:)``), a bad one being the 422 naming
    /// each offending parameter, and the handler gets the valid value.
    @discardableResult
    public func on<Parameter, Body, Output: ResponseGenerator, Query>(
        _ route: Route<Parameter, Body, Output>.Querying<Query>, use handler: @escaping @Sendable (Request, Context, Parameter, Query) async throws -> Output
    ) -> Self {
        on(route.route) { request, context, parameter in try await handler(request, context, parameter, try Self.query(Query.self, of: request)) }
    }

    /// ``on(_:use:)`` for a typed-query route whose handler sets headers or the status itself.
    @discardableResult
    public func on<Parameter, Body, Output: ResponseGenerator, Query>(
        _ route: Route<Parameter, Body, Output>.Querying<Query>,
        edited handler: @escaping @Sendable (Request, Context, Parameter, Query) async throws -> EditedResponse<Output>
    ) -> Self {
        on(route.route, edited: { request, context, parameter in try await handler(request, context, parameter, try Self.query(Query.self, of: request)) })
    }

    /// ``on(_:use:)`` for a typed-query route whose handler writes the response itself.
    @discardableResult
    public func on<Parameter, Body, Output, Query>(
        _ route: Route<Parameter, Body, Output>.Querying<Query>,
        responding handler: @escaping @Sendable (Request, Context, Parameter, Query) async throws -> some ResponseGenerator
    ) -> Self {
        on(route.route, responding: { request, context, parameter in try await handler(request, context, parameter, try Self.query(Query.self, of: request)) })
    }

    /// ``on(_:use:)`` for a typed-query route whose handler checks the query further (a page's
    /// cursor, a code looked up) so that one 422 names every problem: it gets the query as read,
    /// its problems not yet thrown (``QueryReading``), and throws them with its own.
    @discardableResult
    public func on<Parameter, Body, Output, Query>(
        _ route: Route<Parameter, Body, Output>.Querying<Query>,
        checkingFurther handler: @escaping @Sendable (Request, Context, Parameter, QueryReading<Query>) async throws -> some ResponseGenerator
    ) -> Self {
        on(route.route, responding: { request, context, parameter in try await handler(request, context, parameter, QueryReading(QueryValues(request))) })
    }

    /// The request's query, checked by `Query`'s rules: the 422 naming each bad parameter.
    static func query<Query: RouteQuery>(_ type: Query.Type, of request: Request) throws -> Query {
        try Query.check(QueryValues(request)).get()
    }

    /// The route's path parameter; a path that names none is a 404, as a missing object's.
    private static func pathParameter<Parameter: PathParameter>(_ type: Parameter.Type, named name: String?, in context: Context) throws -> Parameter {
        if Parameter.self == NoParameter.self { return NoParameter() as! Parameter }
        guard let name, let raw = context.parameters.get(name), let value = Parameter(pathComponent: raw) else {
            throw APIError.notFound(Parameter.notFoundName, code: Parameter.notFoundCode)
        }
        return value
    }
}

extension QueryValues {
    /// The request's query string, decoded.
    public init(_ request: Request) {
        self.init(request.uri.queryParameters.map { (name: String($0.key), value: String($0.value)) })
    }
}

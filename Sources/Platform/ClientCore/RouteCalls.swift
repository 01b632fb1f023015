import Foundation
import PlatformAPI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The one way an SDK calls its API: a contract's ``Route`` with its path parameter and body, the
/// answer decoded as the route's response type. Per-route SDK methods exist only where they add
/// meaning (sessions, uploads, conditional writes); everything else is `client.send(Routes.x, …)`.
extension APIClient {
    /// Sends `route` and returns the whole response (its headers: `ETag`, `X-Next-Cursor`).
    /// Routes without a bearer token are sent without one; a `NoBody` route sends no body.
    public func response<Parameter, Body: Encodable, Output>(
        _ route: Route<Parameter, Body, Output>, _ parameter: Parameter, body: Body?, query: [URLQueryItem] = [], headers: [String: String] = [:]
    ) async throws -> HTTPResponseData {
        let data = try (Body.self == NoBody.self ? nil : body.map { try encode($0) })
        let authenticated = route.root.authenticated
        return try await send(
            APICall(route.endpoint(parameter), query: query, body: data, headers: headers, authenticated: authenticated, retryRefresh: authenticated))
    }

    /// `response` read as the route's response type: nothing for ``NoContent``, the bytes for
    /// ``RawBody``, else its JSON.
    public func decode<Parameter, Body, Output: Decodable>(_ response: HTTPResponseData, of route: Route<Parameter, Body, Output>) throws -> Output {
        if let none = NoContent() as? Output { return none }
        return try decode(response)
    }

    /// Sends `route` for `parameter` with `body` and decodes its answer.
    public func send<Parameter, Body: Encodable, Output: Decodable>(
        _ route: Route<Parameter, Body, Output>, _ parameter: Parameter, body: Body?, query: [URLQueryItem] = [], headers: [String: String] = [:]
    ) async throws -> Output {
        try decode(try await response(route, parameter, body: body, query: query, headers: headers), of: route)
    }

    /// Sends a route without a path parameter.
    public func send<Body: Encodable, Output: Decodable>(
        _ route: Route<NoParameter, Body, Output>, body: Body?, query: [URLQueryItem] = [], headers: [String: String] = [:]
    ) async throws -> Output {
        try await send(route, NoParameter(), body: body, query: query, headers: headers)
    }

    /// Sends a route without a path parameter or body.
    public func send<Output: Decodable>(_ route: Route<NoParameter, NoBody, Output>, query: [URLQueryItem] = [], headers: [String: String] = [:]) async throws -> Output {
        try await send(route, NoParameter(), body: nil, query: query, headers: headers)
    }

    /// Sends a route with a path parameter and no body.
    public func send<Parameter, Output: Decodable>(
        _ route: Route<Parameter, NoBody, Output>, _ parameter: Parameter, query: [URLQueryItem] = [], headers: [String: String] = [:]
    ) async throws -> Output {
        try await send(route, parameter, body: nil, query: query, headers: headers)
    }

    /// Sends a route whose answer is bytes (an attachment) and returns them.
    public func send<Parameter, Body: Encodable>(
        _ route: Route<Parameter, Body, RawBody>, _ parameter: Parameter, body: Body?, query: [URLQueryItem] = [], headers: [String: String] = [:]
    ) async throws -> Data {
        try await response(route, parameter, body: body, query: query, headers: headers).body
    }
}

extension APIClient {
    /// Sends a route that takes a typed query, with `query` as its query string, and returns the
    /// whole response (its headers: `ETag`, `X-Next-Cursor`).
    public func response<Parameter, Output, Query>(
        _ route: Route<Parameter, NoBody, Output>.Querying<Query>, _ parameter: Parameter, query: Query, headers: [String: String] = [:]
    ) async throws -> HTTPResponseData {
        try await response(route.route, parameter, body: nil, query: query.queryItems, headers: headers)
    }

    /// `response` read as the typed-query route's response type.
    public func decode<Parameter, Body, Output: Decodable, Query>(_ response: HTTPResponseData, of route: Route<Parameter, Body, Output>.Querying<Query>) throws -> Output {
        try decode(response, of: route.route)
    }

    /// Sends a route that takes a typed query and decodes its answer.
    public func send<Parameter, Output: Decodable, Query>(
        _ route: Route<Parameter, NoBody, Output>.Querying<Query>, _ parameter: Parameter, query: Query, headers: [String: String] = [:]
    ) async throws -> Output {
        try decode(try await response(route, parameter, query: query, headers: headers), of: route.route)
    }

    /// Sends a route without a path parameter that takes a typed query.
    public func send<Output: Decodable, Query>(
        _ route: Route<NoParameter, NoBody, Output>.Querying<Query>, query: Query, headers: [String: String] = [:]
    ) async throws -> Output {
        try await send(route, NoParameter(), query: query, headers: headers)
    }
}

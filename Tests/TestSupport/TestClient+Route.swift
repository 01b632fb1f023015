import Foundation
import HTTPTypes
import PlatformCore
import TestFakes

/// A route's answer as a test reads it: the whole response (status, headers, error envelope), and
/// its body as the route's response type when the status is the route's success status.
public struct RouteAnswer<Value: Sendable>: Sendable {
    public let response: APIResponse
    /// The body decoded as the route's response type; nil when the status is not the route's.
    public let value: Value?

    public var status: HTTPResponse.Status { response.status }
    public var headers: HTTPFields { response.headers }
    public var text: String { response.text }
    public var errorCode: String? { response.errorCode }
}

extension TestClient {
    /// Sends `route` for `parameter` as its contract declares it (method and path, `?query` appended
    /// when given), `body` written as the server writes JSON (the contract's own keys), with a bearer
    /// `token` when given. A success of the route's status is decoded as its response type (a body
    /// that does not decode throws); any other status answers no value, its envelope in `response`.
    public func send<P, B: Encodable, R: Decodable>(
        _ route: Route<P, B, R>, _ parameter: P, token: String? = nil, body: B? = nil, headers: HTTPFields = [:], query: String? = nil
    ) async throws -> RouteAnswer<R> {
        let endpoint = route.endpoint(parameter)
        guard let method = HTTPRequest.Method(endpoint.method.rawValue) else { throw TestFailure("\(endpoint) has no HTTP method") }
        let path = endpoint.path + (query.map { "?" + $0 } ?? "")
        let data = try (B.self == NoBody.self ? nil : body.map { try JSONEncoder.api.encode($0) })
        let response = try await send(method, path, token: token, body: data, headers: headers)
        guard response.status.code == route.status else { return RouteAnswer(response: response, value: nil) }
        if let none = NoContent() as? R { return RouteAnswer(response: response, value: none) }
        do {
            return RouteAnswer(response: response, value: try JSONDecoder.api.decode(R.self, from: response.body))
        } catch {
            throw TestFailure("\(endpoint) answered \(response.status) with a body that is not a \(R.self): \(error)\n\(response.text)")
        }
    }

    /// ``send(_:_:token:body:headers:query:)`` for a route without a path parameter.
    public func send<B: Encodable, R: Decodable>(
        _ route: Route<NoParameter, B, R>, token: String? = nil, body: B? = nil, headers: HTTPFields = [:], query: String? = nil
    ) async throws -> RouteAnswer<R> {
        try await send(route, NoParameter(), token: token, body: body, headers: headers, query: query)
    }

    /// ``send(_:_:token:body:headers:query:)`` for a route that takes a typed query: `query` as the
    /// SDK writes it, or raw text (a test of what the server refuses) when given as a string.
    public func send<P, R: Decodable, Q>(
        _ route: Route<P, NoBody, R>.Querying<Q>, _ parameter: P, token: String? = nil, headers: HTTPFields = [:], query: Q? = nil
    ) async throws -> RouteAnswer<R> {
        var components = URLComponents()
        components.queryItems = query?.queryItems
        return try await send(route.route, parameter, token: token, headers: headers, query: components.percentEncodedQuery)
    }

    /// A typed-query route without a path parameter.
    public func send<R: Decodable, Q>(
        _ route: Route<NoParameter, NoBody, R>.Querying<Q>, token: String? = nil, headers: HTTPFields = [:], query: Q? = nil
    ) async throws -> RouteAnswer<R> {
        try await send(route, NoParameter(), token: token, headers: headers, query: query)
    }

    /// A typed-query route sent with raw query text (a test of what the server refuses or of a
    /// spelling the SDK would not write).
    public func send<P, R: Decodable, Q>(
        _ route: Route<P, NoBody, R>.Querying<Q>, _ parameter: P, token: String? = nil, headers: HTTPFields = [:], query: String
    ) async throws -> RouteAnswer<R> {
        try await send(route.route, parameter, token: token, headers: headers, query: query)
    }

    /// A typed-query route without a path parameter, sent with raw query text.
    public func send<R: Decodable, Q>(
        _ route: Route<NoParameter, NoBody, R>.Querying<Q>, token: String? = nil, headers: HTTPFields = [:], query: String
    ) async throws -> RouteAnswer<R> {
        try await send(route.route, NoParameter(), token: token, headers: headers, query: query)
    }
}

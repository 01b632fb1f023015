import Foundation
import PlatformAPI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An app's SDK type (``APIClient`` plus what the app adds): it sends any route of its contract
/// with `api.send(Routes.x, …)`, so the SDK spells no per-route method that only forwards.
public protocol RouteSending: Sendable {
    var client: APIClient { get }
}

extension RouteSending {
    /// See ``APIClient/send(_:_:body:query:headers:)``.
    public func send<Parameter, Body: Encodable, Output: Decodable>(
        _ route: Route<Parameter, Body, Output>, _ parameter: Parameter, body: Body?, query: [URLQueryItem] = [], headers: [String: String] = [:]
    ) async throws -> Output {
        try await client.send(route, parameter, body: body, query: query, headers: headers)
    }

    /// A route without a path parameter.
    public func send<Body: Encodable, Output: Decodable>(
        _ route: Route<NoParameter, Body, Output>, body: Body?, query: [URLQueryItem] = [], headers: [String: String] = [:]
    ) async throws -> Output {
        try await client.send(route, body: body, query: query, headers: headers)
    }

    /// A route without a path parameter or body.
    public func send<Output: Decodable>(_ route: Route<NoParameter, NoBody, Output>, query: [URLQueryItem] = [], headers: [String: String] = [:]) async throws -> Output {
        try await client.send(route, query: query, headers: headers)
    }

    /// A route with a path parameter and no body.
    public func send<Parameter, Output: Decodable>(
        _ route: Route<Parameter, NoBody, Output>, _ parameter: Parameter, query: [URLQueryItem] = [], headers: [String: String] = [:]
    ) async throws -> Output {
        try await client.send(route, parameter, query: query, headers: headers)
    }
}

extension RouteSending {
    /// See ``APIClient/send(_:_:query:headers:)``.
    public func send<Parameter, Output: Decodable, Query>(
        _ route: Route<Parameter, NoBody, Output>.Querying<Query>, _ parameter: Parameter, query: Query, headers: [String: String] = [:]
    ) async throws -> Output {
        try await client.send(route, parameter, query: query, headers: headers)
    }

    /// A route without a path parameter that takes a typed query.
    public func send<Output: Decodable, Query>(
        _ route: Route<NoParameter, NoBody, Output>.Querying<Query>, query: Query, headers: [String: String] = [:]
    ) async throws -> Output {
        try await client.send(route, query: query, headers: headers)
    }
}

import Foundation

/// Why a provider call failed, in terms the router acts on.
public enum ProviderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 400/404/422: the request is wrong; retrying will not help.
    case badRequest(String)
    /// 401/403: the key is wrong or lacks access.
    case unauthorized(String)
    /// 429: slow down, for `retryAfter` seconds when the provider says.
    case rateLimited(retryAfter: TimeInterval?)
    /// 5xx (529 overloaded included).
    case server(status: Int, message: String)
    /// The answer could not be understood.
    case malformedResponse(String)
    case timeout
    case transport(String)

    /// A short label for accounting: `bad_request`, `rate_limited`, `server_503`, …
    public var kind: String {
        switch self {
        case .badRequest: "bad_request"
        case .unauthorized: "unauthorized"
        case .rateLimited: "rate_limited"
        case .server(let status, _): "server_\(status)"
        case .malformedResponse: "malformed_response"
        case .timeout: "timeout"
        case .transport: "transport"
        }
    }

    /// Whether the same call may succeed if tried again later.
    public var isRetryable: Bool {
        switch self {
        case .rateLimited, .server, .timeout, .transport: true
        case .badRequest, .unauthorized, .malformedResponse: false
        }
    }

    public var description: String {
        switch self {
        case .badRequest(let message): "bad request: \(message)"
        case .unauthorized(let message): "unauthorized: \(message)"
        case .rateLimited(let retryAfter): "rate limited" + (retryAfter.map { " (retry after \($0) s)" } ?? "")
        case .server(let status, let message): "server error \(status): \(message)"
        case .malformedResponse(let message): "malformed response: \(message)"
        case .timeout: "timed out"
        case .transport(let message): "transport error: \(message)"
        }
    }
}

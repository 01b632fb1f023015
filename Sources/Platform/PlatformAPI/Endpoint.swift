/// One route of the HTTP API as both sides name it: a method and a path from the server root
/// (`POST /<app>/auth/refresh`). SDKs send requests to endpoints and test fakes match requests
/// against them, so a path is spelled in exactly one place.
public struct Endpoint: Hashable, Sendable, CustomStringConvertible {
    /// The HTTP methods the APIs use.
    public enum Method: String, Sendable, Hashable {
        case get = "GET", post = "POST", put = "PUT", patch = "PATCH", delete = "DELETE"

        /// Whether sending the request twice has the effect of sending it once (safe to retry).
        public var isIdempotent: Bool { self != .post }
    }

    public var method: Method
    /// The path from the server root, starting with `/`, without a query.
    public var path: String

    public init(_ method: Method, _ path: String) {
        self.method = method
        self.path = path
    }

    /// `GET /<app>/api/v1/things`.
    public var description: String { "\(method.rawValue) \(path)" }
}

import HTTPTypes
import PlatformCore

/// Who may read `GET /metrics` (every route's traffic, latencies and errors): with a configured
/// token, only a request bearing it (`Authorization: Bearer <token>`, compared in constant time);
/// without one, everyone on a development server and no one elsewhere. A refused request is a 401
/// with `WWW-Authenticate: Bearer`, whatever the reason.
public struct MetricsAccess: Sendable {
    /// The token to present; nil when none is configured.
    let token: [UInt8]?
    /// Whether a server without a token serves metrics to anyone (development only).
    let openWithoutToken: Bool

    /// - Parameters:
    ///   - token: `METRICS_BEARER_TOKEN`, nil when unset.
    ///   - development: whether this is a development server.
    public init(token: String?, development: Bool) {
        self.token = token.map { Array($0.utf8) }
        openWithoutToken = development
    }

    /// True when no request can read metrics (no token outside development): the startup log says so.
    public var isDisabled: Bool { token == nil && !openWithoutToken }

    /// Throws the 401 unless `headers` may read the metrics.
    public func authorize(_ headers: HTTPFields) throws {
        guard let token else {
            if openWithoutToken { return }
            throw APIError.unauthorized("Metrics are disabled until METRICS_BEARER_TOKEN is set.", code: "metrics_disabled")
        }
        let fields = headers[fields: .authorization]
        guard fields.count == 1, let presented = BearerCredentials.token(in: fields[0].value) else {
            throw APIError.credentialsRequired("Send Authorization: Bearer <METRICS_BEARER_TOKEN>.")
        }
        guard ConstantTime.equals(presented.utf8, token) else {
            throw APIError.unauthorized("The metrics token is not valid.", code: "invalid_token")
        }
    }
}

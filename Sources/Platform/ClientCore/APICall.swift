import Foundation
import PlatformAPI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One request an SDK sends: the endpoint, and what uploads, creates and conditional updates add
/// (a content type other than JSON, `Idempotency-Key`, `If-Match`, upload progress).
public struct APICall: Sendable {
    public var method: String
    /// From the server root, starting with `/`.
    public var path: String
    public var query: [URLQueryItem]
    public var body: Data?
    /// The body's type: JSON unless an upload says otherwise.
    public var contentType: String
    /// Extra request headers.
    public var headers: [String: String]
    public var authenticated: Bool
    /// Whether a 401 may be answered by refreshing the session and trying once more.
    public var retryRefresh: Bool
    /// Called with the share of the body sent so far (0…1), for uploads.
    public var progress: (@Sendable (Double) -> Void)?

    public init(
        method: String, path: String, query: [URLQueryItem] = [], body: Data? = nil, contentType: String = "application/json", headers: [String: String] = [:],
        authenticated: Bool = true, retryRefresh: Bool = true, progress: (@Sendable (Double) -> Void)? = nil
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.body = body
        self.contentType = contentType
        self.headers = headers
        self.authenticated = authenticated
        self.retryRefresh = retryRefresh
        self.progress = progress
    }

    public init(
        _ endpoint: Endpoint, query: [URLQueryItem] = [], body: Data? = nil, contentType: String = "application/json", headers: [String: String] = [:],
        authenticated: Bool = true, retryRefresh: Bool = true, progress: (@Sendable (Double) -> Void)? = nil
    ) {
        self.init(
            method: endpoint.method.rawValue, path: endpoint.path, query: query, body: body, contentType: contentType, headers: headers, authenticated: authenticated,
            retryRefresh: retryRefresh, progress: progress)
    }
}

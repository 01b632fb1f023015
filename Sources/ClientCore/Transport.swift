import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An HTTP request as the client builds it, independent of any networking library.
public struct HTTPRequestData: Sendable, Equatable {
    public var method: String
    public var url: URL
    public var headers: [String: String]
    public var body: Data?

    public init(method: String, url: URL, headers: [String: String] = [:], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// An HTTP response as the client reads it. Header names are matched case-insensitively.
public struct HTTPResponseData: Sendable, Equatable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The value of header `name`, whatever its case on the wire.
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.key.lowercased() == wanted }?.value
    }
}

/// Sends one HTTP request. The seam between an SDK's ``APIClient`` and the network: `URLSessionTransport` in
/// apps and the CLI, an in-memory fake in tests.
///
/// Implementations throw ``ClientError/offline(_:)`` when the server cannot be reached at all and
/// return every HTTP response, whatever its status.
public protocol HTTPTransport: Sendable {
    func send(_ request: HTTPRequestData) async throws -> HTTPResponseData
}

/// The real transport over `URLSession` (FoundationNetworking on Linux).
public struct URLSessionTransport: HTTPTransport {
    let session: URLSession

    /// - Parameter timeout: seconds before a request counts as failed (and, for connectivity, offline).
    public init(timeout: TimeInterval = 60) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration)
    }

    public func send(_ request: HTTPRequestData) async throws -> HTTPResponseData {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        urlRequest.httpBody = request.body
        let session = self.session
        return try await withCheckedThrowingContinuation { continuation in
            let task = session.dataTask(with: urlRequest) { data, response, error in
                if let error {
                    continuation.resume(throwing: ClientError.offline(Self.describe(error, url: request.url)))
                    return
                }
                guard let http = response as? HTTPURLResponse else {
                    continuation.resume(throwing: ClientError.offline("No HTTP response from \(request.url.host ?? request.url.absoluteString)."))
                    return
                }
                var headers: [String: String] = [:]
                for (key, value) in http.allHeaderFields {
                    if let key = key as? String, let value = value as? String { headers[key] = value }
                }
                continuation.resume(returning: HTTPResponseData(status: http.statusCode, headers: headers, body: data ?? Data()))
            }
            task.resume()
        }
    }

    static func describe(_ error: any Error, url: URL) -> String {
        let server = "\(url.scheme ?? "http")://\(url.host ?? "?")\(url.port.map { ":\($0)" } ?? "")"
        if let urlError = error as? URLError {
            switch urlError.code {
            case .timedOut: return "The server at \(server) did not answer in time."
            case .notConnectedToInternet: return "This device is offline."
            default: return "Cannot reach the server at \(server) (\(urlError.localizedDescription))."
            }
        }
        return "Cannot reach the server at \(server) (\(error.localizedDescription))."
    }
}

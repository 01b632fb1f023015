import Foundation

/// `NetworkError` (docs/farelens.md, "SDK and CLI"), as a view of ``ClientError`` (which stays the one error the
/// SDK throws): the cases a screen switches on.
public enum NetworkError: Error, Sendable, Equatable {
    /// An answer that was not HTTP at all.
    case invalidResponse
    /// The server answered with a status outside 2xx; `data` is its error message's bytes.
    case httpError(statusCode: Int, data: Data)
    /// A 2xx answer the SDK could not read.
    case decodingFailed(String)
    /// The SDK could not build a URL for the request.
    case invalidURL
    /// The server could not be reached.
    case offline
    /// The server was reached but did not answer in time.
    case timeout
    /// A transient failure (offline, timeout, 5xx, 429) that outlasted every retry of ``RetryPolicy/fareLens(sleep:deadline:)``.
    case maxRetriesExceeded

    /// The case for `error`. `retried` says the call was one `policy` retries (a GET, PUT,
    /// DELETE, or a POST with an `Idempotency-Key`; a plain POST is sent once): it is
    /// `.maxRetriesExceeded` only when `policy` would also have retried this very error (it has
    /// more than one attempt and a wait for it: transient, and a 429's `Retry-After` within the
    /// policy's ``RetryPolicy/maxDelay``), so the attempts were spent. ``APIClient`` throws the last
    /// ``ClientError`` only (no attempt count; adding one would change every SDK's error), hence the
    /// caller says which kind of call it made.
    public init(_ error: ClientError, retried: Bool = false, policy: RetryPolicy = .fareLens()) {
        if retried, policy.maxAttempts > 1, policy.delay(afterAttempt: 1, error: error) != nil {
            self = .maxRetriesExceeded
            return
        }
        switch error {
        case .offline: self = error.isTimeout ? .timeout : .offline
        case .decoding(let message): self = .decodingFailed(message)
        case .server(0, "bad_url", _): self = .invalidURL
        case .server(0, _, _): self = .invalidResponse
        default: self = .httpError(statusCode: error.httpStatus ?? 0, data: Data(error.description.utf8))
        }
    }
}

extension NetworkError {
    /// Whether the network failed (as opposed to the server refusing the request).
    var isNetworkFailure: Bool {
        switch self {
        case .offline, .timeout, .maxRetriesExceeded: true
        case .httpError(let status, _): status >= 500 || status == 429
        case .invalidResponse, .decodingFailed, .invalidURL: false
        }
    }
}

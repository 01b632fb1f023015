import Foundation

/// The seed's `NetworkError`, as a view of ``ClientError`` (which stays the one error the SDK
/// throws): what a screen that was written against the seed's cases switches on.
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
    /// A transient failure (offline, timeout, 5xx, 429) that outlasted every retry of ``RetryPolicy/fareLens``.
    case maxRetriesExceeded

    /// The seed's case for `error`. `retried` says the call was one the SDK retries (a read): a
    /// transient failure reaching the caller then means the policy's attempts were spent.
    public init(_ error: ClientError, retried: Bool = false) {
        if retried, error.isTransient {
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

/// The seed's app-wide `AppError`, as a view of ``ClientError`` for view models: a network failure
/// of any kind is `.networkError` (the seed's test expects exactly that), a local write that failed
/// is `.saveFailed`, anything else `.unknown`.
public enum AppError: Error, Sendable, Equatable {
    case networkError
    case saveFailed
    case unknown

    /// The view of `error`: every ``ClientError`` is a network failure; a ``LocalStoreError`` a
    /// failed save; anything else unknown.
    public init(_ error: any Error) {
        switch error {
        case let appError as AppError: self = appError
        case is ClientError, is NetworkError: self = .networkError
        case is LocalStoreError: self = .saveFailed
        default: self = .unknown
        }
    }
}

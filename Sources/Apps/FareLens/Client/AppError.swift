import Foundation

/// The app-wide `AppError` (docs/farelens.md, "SDK and CLI"), as a view of ``ClientError`` for view models: a failure of the
/// network (offline, a timeout, a 5xx, a 429 — ``ClientError/isTransient``) is `.networkError`, a
/// local write that failed is `.saveFailed`, anything else
/// (signed out, 404, 422, an unreadable answer) `.unknown` — there is no closer case; a view
/// model keeps the ``ClientError`` beside it for a precise message.
public enum AppError: Error, Sendable, Equatable {
    case networkError
    case saveFailed
    case unknown

    /// The view of `error` (see the type).
    public init(_ error: any Error) {
        switch error {
        case let appError as AppError: self = appError
        case let clientError as ClientError: self = clientError.isTransient ? .networkError : .unknown
        case let networkError as NetworkError: self = networkError.isNetworkFailure ? .networkError : .unknown
        case is LocalStoreError: self = .saveFailed
        default: self = .unknown
        }
    }
}

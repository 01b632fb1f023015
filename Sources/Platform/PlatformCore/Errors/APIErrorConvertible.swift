import Foundation
import HTTPTypes
import Hummingbird

/// An error of an app's (or the platform's) domain — a missing entity, a conflict, a limit reached —
/// that has one HTTP answer. Repositories and services throw such errors with no HTTP wording or
/// status in them; each app gives its errors their answers in one file of its HTTP layer (a
/// conformance per error), and ``ErrorMiddleware`` renders them like an ``APIError``.
public protocol APIErrorConvertible: Error {
    /// The answer the HTTP API gives for this error.
    var apiError: APIError { get }
}

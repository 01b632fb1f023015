import Foundation
import HTTPTypes
import Hummingbird

/// The database could not answer in time: it is down, restarting, locked, or a connection to it died
/// mid-request. Stores throw this (never a driver error) for every such fault, so the API answers
/// 503 with `Retry-After` and the standard error body instead of a 500 or a hang, and callers such as
/// the job runner can tell an outage (retry later, nothing lost) from a failed job.
public struct DatabaseUnavailable: Error, HTTPResponseError, CustomStringConvertible, Sendable {
    /// Why, for logs only (never shown to clients): "timed out after 5 s", the driver's error…
    public let reason: String
    /// What clients are told to wait before retrying, in whole seconds.
    public let retryAfterSeconds: Int

    public init(reason: String, retryAfterSeconds: Int = 5) {
        self.reason = reason
        self.retryAfterSeconds = max(1, retryAfterSeconds)
    }

    public var description: String { "database unavailable: \(reason)" }

    public var status: HTTPResponse.Status { .serviceUnavailable }

    /// The 503 clients see: the standard error body and `Retry-After`.
    public var apiError: APIError {
        var headers = HTTPFields()
        headers[.retryAfter] = String(retryAfterSeconds)
        return APIError(
            .serviceUnavailable, code: "database_unavailable",
            message: "The service is temporarily unavailable. Retry after \(retryAfterSeconds) seconds.",
            headers: headers
        )
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        try apiError.response(from: request, context: context)
    }
}

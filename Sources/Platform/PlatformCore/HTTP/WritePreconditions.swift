import Foundation
import HTTPTypes
import Hummingbird

extension HTTPField.Name {
    /// `Idempotency-Key` (``PreconditionHeaders/idempotencyKey``).
    public static let idempotencyKey = HTTPField.Name(PreconditionHeaders.idempotencyKey)!
    /// `Idempotent-Replayed: true` on an answer replayed for a repeated `Idempotency-Key`.
    public static let idempotentReplayed = HTTPField.Name(PreconditionHeaders.idempotentReplayed)!
    /// `X-Request-ID` (``RequestIDMiddleware``).
    public static let requestID = HTTPField.Name("X-Request-ID")!
}

extension Request {
    /// The request's `If-Match` (several fields joined by commas, as HTTP allows); nil without one.
    public var ifMatch: String? {
        let values = headers[values: .ifMatch]
        return values.isEmpty ? nil : values.joined(separator: ", ")
    }
}

extension HTTPFields {
    /// Headers carrying `ETag` for an entity last changed at `updatedAt` (``EntityVersion/tag(_:)``).
    public static func eTag(updatedAt: Date) -> HTTPFields {
        [.eTag: EntityVersion.tag(updatedAt).description]
    }
}

extension APIError {
    /// 412 for a write whose `If-Match` names a version the entity no longer has.
    public static func preconditionFailed(_ message: String) -> APIError {
        APIError(.preconditionFailed, code: "precondition_failed", message: message)
    }

    /// 409 while the first request with an `Idempotency-Key` is still running, with `Retry-After: 1`.
    public static func idempotencyKeyInUse() -> APIError {
        var headers = HTTPFields()
        headers[.retryAfter] = "1"
        return APIError(
            .conflict, code: "idempotency_key_in_use",
            message: "A request with this Idempotency-Key is still being processed. Retry after 1 second.", headers: headers)
    }
}

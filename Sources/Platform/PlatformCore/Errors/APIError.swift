import Foundation
import HTTPTypes
import Hummingbird

/// The single error shape every route returns, with its HTTP status and headers (the body is the
/// platform's ``ErrorEnvelope``, which clients decode):
/// `{"error": {"code": "...", "message": "...", "fields": [{"field": "...", "message": "..."}]}}`.
///
/// Domain code throws these; the error middleware renders them. Anything else that escapes a
/// handler becomes a logged 500 whose message reveals nothing internal.
public struct APIError: Error, HTTPResponseError, Sendable, CustomStringConvertible {
    public var status: HTTPResponse.Status
    public var code: String
    public var message: String
    public var fields: [FieldError]
    public var headers: HTTPFields

    public init(
        _ status: HTTPResponse.Status,
        code: String,
        message: String,
        fields: [FieldError] = [],
        headers: HTTPFields = [:]
    ) {
        self.status = status
        self.code = code
        self.message = message
        self.fields = fields
        self.headers = headers
    }

    public var description: String { "\(status.code) \(code): \(message)" }

    /// The JSON body of this error (the platform's ``ErrorEnvelope``).
    public var jsonBody: Data {
        let body = ErrorEnvelope(code: code, message: message, fields: fields)
        return (try? JSONEncoder.api.encode(body)) ?? Data(#"{"error":{"code":"internal","message":"error"}}"#.utf8)
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers = self.headers
        headers[.contentType] = "application/json; charset=utf-8"
        let data = jsonBody
        headers[.contentLength] = String(data.count)
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

extension APIError {
    /// 401 with `WWW-Authenticate: Bearer`, as RFC 6750 asks, for every authentication failure: with
    /// `error="invalid_token"` and the message for a token that was sent and refused.
    public static func unauthorized(_ message: String, code: String = "unauthorized") -> APIError {
        var headers = HTTPFields()
        let escaped = message.replacingOccurrences(of: "\"", with: "'")
        headers[.wwwAuthenticate] = #"Bearer realm="api", error="invalid_token", error_description="\#(escaped)""#
        return APIError(.unauthorized, code: code, message: message, headers: headers)
    }

    /// 401 `missing_credentials` for a request that sent no bearer token at all (none, or another
    /// scheme): the challenge carries no error code (RFC 6750 §3.1), only where to authenticate.
    public static func credentialsRequired(_ message: String, code: String = "missing_credentials") -> APIError {
        var headers = HTTPFields()
        headers[.wwwAuthenticate] = #"Bearer realm="api""#
        return APIError(.unauthorized, code: code, message: message, headers: headers)
    }

    /// 404 for anything missing *or owned by someone else*: never 403, so IDs cannot be probed.
    public static func notFound(_ what: String, code: String = "not_found") -> APIError {
        APIError(.notFound, code: code, message: "\(what) not found.")
    }

    /// 422 listing every offending field.
    public static func validation(_ fields: [FieldError]) -> APIError {
        APIError(
            .unprocessableContent, code: "validation_failed",
            message: fields.count == 1 ? "\(fields[0].field): \(fields[0].message)" : "The request has \(fields.count) invalid fields.",
            fields: fields
        )
    }

    public static func conflict(_ message: String, code: String = "conflict") -> APIError {
        APIError(.conflict, code: code, message: message)
    }

    public static func badRequest(_ message: String, code: String = "bad_request") -> APIError {
        APIError(.badRequest, code: code, message: message)
    }

    public static func payloadTooLarge(limit: Int) -> APIError {
        APIError(.contentTooLarge, code: "payload_too_large", message: "The request body exceeds the limit of \(limit) bytes.")
    }

    /// 429 with `Retry-After` in whole seconds.
    public static func rateLimited(retryAfter seconds: Int) -> APIError {
        var headers = HTTPFields()
        headers[.retryAfter] = String(max(1, seconds))
        return APIError(.tooManyRequests, code: "rate_limited", message: "Too many requests. Retry after \(max(1, seconds)) seconds.", headers: headers)
    }

    public static func `internal`() -> APIError {
        APIError(.internalServerError, code: "internal", message: "Something went wrong on our side. Please try again.")
    }
}

extension Validator {
    /// Throws a 422 listing every recorded error, if any.
    public func throwIfInvalid() throws {
        if !errors.isEmpty { throw APIError.validation(errors) }
    }
}

extension Checked {
    /// The checked value, or a 422 naming every offending field.
    public func get() throws -> Value {
        switch self {
        case .valid(let value): return value
        case .invalid(let fields): throw APIError.validation(fields)
        }
    }
}

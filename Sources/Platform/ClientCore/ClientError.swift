import Foundation
import PlatformAPI

/// The one error every SDK call throws (an app's SDK may give it a name of its own), split by what a screen
/// does about it: show an offline banner, send the user to sign-in, point at a field, say "not
/// found", wait, or apologise. Built from the platform's ``ErrorEnvelope``, so it is the same for
/// every app.
public enum ClientError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// The server could not be reached (no network, refused, timed out).
    case offline(String)
    /// Not signed in, or the session ended (refresh failed); the user must sign in again.
    case unauthorized(String)
    /// The session is fine, but this action needs a fresh sign-in first (a 401 whose challenge says
    /// `insufficient_user_authentication`, RFC 9470 — account deletion): sign in again and send
    /// the proof, without signing out.
    case reauthenticationRequired(String)
    /// 422: the request was wrong; `fields` says where.
    case validation(message: String, fields: [FieldError])
    /// 404: missing, or someone else's.
    case notFound(String)
    /// 429: too many requests; try again after `retryAfter` seconds when the server said.
    case rateLimited(retryAfter: TimeInterval?)
    /// 409 or 412: the request clashes with what the server holds — it exists already, or the
    /// entity changed since the client loaded it (`precondition_failed`). Reload and decide.
    case conflict(status: Int, code: String?, message: String)
    /// A 2xx answer the client could not read (docs/platform/clients.md): an SDK/server mismatch.
    case decoding(String)
    /// Any other failure the server reported (4xx/5xx), or an answer the client could not read.
    case server(status: Int, code: String?, message: String)

    public var description: String {
        switch self {
        case .offline(let message): "Offline: \(message)"
        case .unauthorized(let message): "Signed out: \(message)"
        case .reauthenticationRequired(let message): "Sign in again first: \(message)"
        case .validation(let message, let fields):
            fields.isEmpty ? "Invalid request: \(message)" : "Invalid request: " + fields.map { "\($0.field) \($0.message)" }.joined(separator: "; ")
        case .notFound(let message): "Not found: \(message)"
        case .rateLimited(let retryAfter): retryAfter.map { "Too many requests; try again in \(Int($0.rounded(.up))) s." } ?? "Too many requests; try again later."
        case .conflict(_, _, let message): "Conflict: \(message)"
        case .decoding(let message): "Unreadable answer: \(message)"
        case .server(let status, _, let message): "Server error \(status): \(message)"
        }
    }

    public var errorDescription: String? { description }

    /// Whether trying the same idempotent request again may succeed (no network, rate limited, a
    /// 5xx, or a create with the same idempotency key still running).
    public var isTransient: Bool {
        switch self {
        case .offline, .rateLimited: true
        case .conflict(409, "idempotency_key_in_use", _): true
        case .server(let status, _, _): status >= 500
        default: false
        }
    }

    /// The error an HTTP response stands for, read from the server's error body when there is one.
    public static func from(_ response: HTTPResponseData) -> ClientError {
        let inner = (try? JSONDecoder().decode(ErrorEnvelope.self, from: response.body))?.error
        let code = inner.flatMap { $0.code.isEmpty ? nil : $0.code }
        let message =
            inner.flatMap { $0.message.isEmpty ? nil : $0.message }
            ?? (String(data: response.body, encoding: .utf8).flatMap { $0.isEmpty ? nil : String($0.prefix(200)) } ?? "HTTP \(response.status)")
        switch response.status {
        case 401 where response.asksForReauthentication: return .reauthenticationRequired(message)
        case 401: return .unauthorized(message)
        case 404: return .notFound(message)
        case 409, 412: return .conflict(status: response.status, code: code, message: message)
        case 422: return .validation(message: message, fields: inner?.fields ?? [])
        case 429:
            return .rateLimited(retryAfter: response.header("Retry-After").flatMap { TimeInterval($0.trimmingCharacters(in: .whitespaces)) })
        default: return .server(status: response.status, code: code, message: message)
        }
    }
}

extension HTTPResponseData {
    /// A 401 that asks for a fresh sign-in (RFC 9470 `insufficient_user_authentication`) rather than
    /// saying the token is bad: refreshing the token would not help, and the session stays.
    var asksForReauthentication: Bool {
        status == 401 && (header("WWW-Authenticate")?.contains("insufficient_user_authentication") ?? false)
    }
}

extension ClientError {
    /// The HTTP status the server answered with, or nil when no answer came (offline) or it was
    /// unreadable: what a screen shows as "HTTP 422".
    public var httpStatus: Int? {
        switch self {
        case .offline, .decoding: nil
        case .unauthorized, .reauthenticationRequired: 401
        case .validation: 422
        case .notFound: 404
        case .rateLimited: 429
        case .conflict(let status, _, _): status
        case .server(let status, _, _): status == 0 ? nil : status
        }
    }
}

extension ClientError {
    /// A 412 `precondition_failed`: the entity changed on the server since the client last saw it.
    public var isPreconditionFailed: Bool {
        if case .conflict(412, _, _) = self { true } else { false }
    }
}

extension ClientError {
    /// The exit status every app's command-line client gives this error, distinct per kind so
    /// scripts can tell failures apart: 3 offline, 4 signed out, 5 invalid, 6 not found, 7 rate
    /// limited, 8 fresh sign-in needed, 9 conflict, 1 anything else.
    public var exitCode: Int32 {
        switch self {
        case .offline: 3
        case .unauthorized: 4
        case .validation: 5
        case .notFound: 6
        case .rateLimited: 7
        case .reauthenticationRequired: 8
        case .conflict: 9
        case .decoding, .server: 1
        }
    }
}

extension ClientError {
    /// The words an ``offline(_:)`` error's message carries when the server was reached too slowly
    /// rather than not at all: the transport writes them and ``isTimeout`` reads them, so a screen
    /// can say "timed out" without a new case every app's exhaustive switch would have to learn.
    public static let timeoutPhrase = "did not answer in time"

    /// An ``offline(_:)`` that was a timeout (the request left, no answer came in time).
    public var isTimeout: Bool {
        if case .offline(let message) = self { message.contains(Self.timeoutPhrase) } else { false }
    }
}

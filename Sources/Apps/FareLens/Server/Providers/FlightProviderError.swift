import Foundation
import OutboundHTTP

/// Why a flight provider gave no offers, in the terms a route answers with: throttled (a 429 with
/// `Retry-After`), down (a 503), refused credentials, a question it rejected (its own messages), or
/// an answer that could not be read. Both providers' failures map onto it, so the caller that falls
/// back from one to the other reads one error type.
public enum FlightProviderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The provider's quota is used up or its rate limit hit; `retryAfter` is its `Retry-After`, if given.
    case quotaExhausted(provider: String, retryAfter: Duration?, detail: String)
    /// A 5xx after the retries, a timeout or a failed connection.
    case unavailable(provider: String, reason: String)
    /// The credentials were refused (after one fresh token, where tokens are used).
    case unauthorized(provider: String, detail: String)
    /// The provider refused the question (4xx): its status and its own messages.
    case rejected(provider: String, status: Int, messages: [String])
    /// A 2xx the client could not read.
    case malformedAnswer(provider: String, reason: String)

    public var description: String {
        switch self {
        case .quotaExhausted(let provider, let retryAfter, let detail): "\(provider) quota exhausted or rate limited\(retryAfter.map { " (retry after \($0))" } ?? ""): \(detail)"
        case .unavailable(let provider, let reason): "\(provider) unavailable: \(reason)"
        case .unauthorized(let provider, let detail): "\(provider) refused the credentials: \(detail)"
        case .rejected(let provider, let status, let messages): "\(provider) rejected the search (\(status)): \(messages.joined(separator: "; "))"
        case .malformedAnswer(let provider, let reason): "unreadable answer from \(provider): \(reason)"
        }
    }

    /// The error for a non-2xx answer; `messages` reads the provider's own error body.
    static func from(_ response: OutboundResponse, provider: String, messages: (Data) -> [String]) -> FlightProviderError {
        let said = messages(response.body)
        let detail = said.isEmpty ? "HTTP \(response.status)" : said.joined(separator: "; ")
        switch response.status {
        case 429: return .quotaExhausted(provider: provider, retryAfter: response.retryAfter, detail: detail)
        case 401, 403: return .unauthorized(provider: provider, detail: detail)
        case 400..<500: return .rejected(provider: provider, status: response.status, messages: said)
        default: return .unavailable(provider: provider, reason: "\(response.url) answered \(response.status): \(detail)")
        }
    }

    /// The error for a call that got no answer (timeout, transport) or an unreadable one.
    static func from(_ error: OutboundHTTPError, provider: String) -> FlightProviderError {
        switch error {
        case .timeout, .transport, .status: .unavailable(provider: provider, reason: error.description)
        case .undecodable(_, let reason): .malformedAnswer(provider: provider, reason: reason)
        }
    }
}

import AsyncHTTPClient
import Foundation
import NIOCore
import NIOFoundationCompat
import NIOHTTP1

/// An answer of ``OutboundHTTPClient``: its status, headers and whole body.
public struct OutboundResponse: Sendable {
    public let status: Int
    public let headers: HTTPHeaders
    public let body: Data
    /// The URL asked, without its query (for errors).
    public let url: String

    public init(status: Int, headers: HTTPHeaders, body: Data, url: String) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = OutboundHTTPError.shown(url)
    }

    /// The wait `Retry-After` asks for in seconds (the HTTP-date form is not used by the APIs
    /// called); nil when absent. Unreadable values (negative, infinite, not a number) are an
    /// infinite wait, which no policy honours.
    public var retryAfter: Duration? {
        guard let text = headers.first(name: "retry-after") else { return nil }
        guard let seconds = Double(text.trimmingCharacters(in: .whitespaces)), seconds.isFinite, seconds >= 0, seconds < 86_400 else { return .seconds(Int64.max) }
        return .milliseconds(Int64((seconds * 1000).rounded()))
    }

    /// The body decoded as `type`.
    public func decode<T: Decodable>(_ type: T.Type, decoder: JSONDecoder = JSONDecoder()) throws -> T {
        do {
            return try decoder.decode(type, from: body)
        } catch {
            throw OutboundHTTPError.undecodable(url: url, reason: "\(error)")
        }
    }

    /// The body as an untyped JSON object.
    public func jsonObject() throws -> [String: Any] {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else {
            throw OutboundHTTPError.undecodable(url: url, reason: "not a JSON object")
        }
        return object
    }
}

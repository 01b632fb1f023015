import Foundation
import HTTPTypes
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// A response the guard writes itself: the API's error shape, as raw HTTP/1.1 bytes.
struct ConnectionRejection {
    var status: HTTPResponse.Status
    var code: String
    var message: String
    var extraHeaders: [(String, String)] = []

    /// The answer to a request the HTTP decoder could not parse; nil when there is nobody to answer
    /// (the client closed mid-request).
    static func forParseError(_ error: HTTPParserError, limits: HardenedHTTP1Channel.Configuration) -> ConnectionRejection? {
        let message: String
        switch error {
        case .headerOverflow:
            return ConnectionRejection(
                status: .requestHeaderFieldsTooLarge, code: "request_header_fields_too_large",
                message: "The request's header section is too large: at most \(limits.maxHeaderBytes) bytes and \(limits.maxHeaderCount) fields."
            )
        case .invalidEOFState, .closedConnection:
            return nil
        case .invalidContentLength, .unexpectedContentLength:
            message = "Content-Length is malformed, repeated, or sent together with Transfer-Encoding."
        case .invalidChunkSize:
            message = "The chunked request body is malformed."
        case .invalidMethod:
            message = "The request method is not a known HTTP method."
        case .invalidVersion:
            message = "Only HTTP/1.0 and HTTP/1.1 are served here."
        case .invalidURL:
            message = "The request target is malformed."
        case .invalidHeaderToken, .invalidCharactersUsed:
            message = "A header field contains characters HTTP does not allow."
        default:
            message = "The request is not valid HTTP/1.1."
        }
        return ConnectionRejection(status: .badRequest, code: "malformed_request", message: message)
    }

    static let methodNotAllowedForConnect = ConnectionRejection(
        status: .methodNotAllowed, code: "method_not_allowed",
        message: "CONNECT is not supported: this is an API server, not a proxy.",
        extraHeaders: [("Allow", "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS")]
    )

    /// The complete response: status line, headers, JSON body; always `Connection: close`.
    func render(serverName: String?, allocator: ByteBufferAllocator) -> ByteBuffer {
        let body = APIError(status, code: code, message: message).jsonBody
        var head = "HTTP/1.1 \(status.code) \(status.reasonPhrase)\r\n"
        head += "Content-Type: application/json; charset=utf-8\r\n"
        head += "Content-Length: \(body.count)\r\n"
        head += "Connection: close\r\n"
        head += "Date: \(Self.httpDate(Date()))\r\n"
        if let serverName { head += "Server: \(serverName)\r\n" }
        for (name, value) in extraHeaders { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        var buffer = allocator.buffer(capacity: head.utf8.count + body.count)
        buffer.writeString(head)
        buffer.writeBytes(body)
        return buffer
    }

    /// IMF-fixdate, e.g. `Sun, 06 Nov 1994 08:49:37 GMT` (only for the rare responses written here).
    static func httpDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }
}

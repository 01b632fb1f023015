import Foundation
import Hummingbird
import NIOCore

/// Encodes responses with the wire encoder (snake_case, ISO 8601).
public struct APIResponseEncoder: ResponseEncoder {
    public init() {}
    public func encode(_ value: some Encodable, from request: Request, context: some RequestContext) throws -> Response {
        if let direct = value as? any DirectJSONEncodable {
            return Self.response(json: direct.directJSON())
        }
        return Self.response(json: try JSONEncoder.api.encode(value))
    }

    /// A 200 answering `json` with the headers every JSON answer carries: what ``encode(_:from:context:)``
    /// returns, and what a route answering with JSON it wrote itself returns (the hint list, whose
    /// page is written as its rows are read).
    @inlinable
    public static func response(json: some Sequence<UInt8>) -> Response {
        var buffer = ByteBuffer()
        buffer.writeBytes(json)
        return Response(
            status: .ok,
            headers: [.contentType: "application/json; charset=utf-8", .contentLength: String(buffer.readableBytes)],
            body: .init(byteBuffer: buffer)
        )
    }
}

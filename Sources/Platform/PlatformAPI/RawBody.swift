/// A response the SDK reads as bytes (an attachment, a media file, an event stream): the route's
/// wire format is not one JSON document.
public struct RawBody: Sendable, Hashable {
    public let data: [UInt8]
    public init(_ data: [UInt8]) { self.data = data }
}

import Foundation

/// A wire type that writes its own JSON, byte for byte what the server's `JSONEncoder` (sorted
/// keys, unescaped slashes, ISO 8601 timestamps with milliseconds, absent optionals left out)
/// writes for it.
///
/// Why: Foundation's `JSONEncoder` builds a boxed tree of values through existential containers
/// before writing a byte; for a page of 20 hints that was a fifth of the request's cost. The hottest
/// responses conform; a test compares each conformance with `JSONEncoder`'s output, so the two can
/// never drift. Everything else keeps using `Encodable`.
public protocol DirectJSONEncodable: Encodable {
    /// Writes this value as one JSON value. Keys must be written in sorted (byte) order.
    func writeJSON(to writer: inout JSONBytesWriter)
}

extension DirectJSONEncodable {
    /// This value's JSON.
    public func directJSON() -> [UInt8] {
        var writer = JSONBytesWriter()
        writeJSON(to: &writer)
        return writer.bytes
    }
}

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

/// Appends JSON tokens to a byte array, placing commas itself. Used by ``DirectJSONEncodable``.
public struct JSONBytesWriter {
    public private(set) var bytes: [UInt8]
    private var pendingComma = false

    /// `capacity`: a page of 20 hints is about 4 KB; starting there saves the array's regrowths.
    public init(capacity: Int = 4096) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    private mutating func separate() {
        if pendingComma { bytes.append(UInt8(ascii: ",")) }
        pendingComma = false
    }

    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
    }

    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        pendingComma = true
    }

    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
    }

    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        pendingComma = true
    }

    /// An object key; `key` is written as is (keys are the wire types' own ASCII names).
    public mutating func key(_ key: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    public mutating func string(_ value: String) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            var start = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                Self.appendEscaped(byte, to: &bytes)
                start = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<utf8.count]))
        }
        bytes.append(UInt8(ascii: "\""))
        pendingComma = true
    }

    /// The escapes Foundation's JSON writer uses.
    private static func appendEscaped(_ byte: UInt8, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        default:
            let hex: [UInt8] = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
        }
    }

    public mutating func integer(_ value: Int) {
        separate()
        if value == 0 {
            bytes.append(UInt8(ascii: "0"))
        } else {
            var digits: [UInt8] = []
            var rest = value.magnitude
            while rest > 0 {
                digits.append(UInt8(ascii: "0") + UInt8(rest % 10))
                rest /= 10
            }
            if value < 0 { bytes.append(UInt8(ascii: "-")) }
            bytes.append(contentsOf: digits.reversed())
        }
        pendingComma = true
    }

    public mutating func bool(_ value: Bool) {
        separate()
        let literal: StaticString = value ? "true" : "false"
        literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
        pendingComma = true
    }

    /// A timestamp as the wire writes it: ISO 8601, UTC, milliseconds (written in place).
    public mutating func date(_ value: Date) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        ISO8601.append(value, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
        pendingComma = true
    }

    /// A UUID in its lower-case canonical form (written in place).
    public mutating func uuid(_ value: UUID) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        value.appendLowercased(to: &bytes)
        bytes.append(UInt8(ascii: "\""))
        pendingComma = true
    }

    public mutating func value(_ value: some DirectJSONEncodable) {
        value.writeJSON(to: &self)
    }

    public mutating func array<Element: DirectJSONEncodable>(_ elements: [Element]) {
        beginArray()
        for element in elements { element.writeJSON(to: &self) }
        endArray()
    }
}

extension DirectJSONEncodable {
    /// This value's JSON.
    public func directJSON() -> [UInt8] {
        var writer = JSONBytesWriter()
        writeJSON(to: &writer)
        return writer.bytes
    }
}

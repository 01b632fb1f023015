import Foundation

/// Appends JSON tokens to a byte array, placing commas itself. Used by ``DirectJSONEncodable``.
///
/// Its methods are `@inlinable`: the conformances live in the apps' contract modules, and a call
/// into this module per token (with the array's uniqueness check behind it) was most of the cost of
/// writing a page of hints (issue 13).
public struct JSONBytesWriter {
    @usableFromInline var storage: [UInt8]
    @usableFromInline var pendingComma = false

    /// The JSON written so far.
    public var bytes: [UInt8] { storage }

    /// `capacity`: a page of 20 hints is about 4 KB; starting there saves the array's regrowths.
    public init(capacity: Int = 4096) {
        storage = []
        storage.reserveCapacity(capacity)
    }

    @inlinable mutating func separate() {
        if pendingComma { storage.append(UInt8(ascii: ",")) }
        pendingComma = false
    }

    @inlinable public mutating func beginObject() {
        separate()
        storage.append(UInt8(ascii: "{"))
    }

    @inlinable public mutating func endObject() {
        storage.append(UInt8(ascii: "}"))
        pendingComma = true
    }

    @inlinable public mutating func beginArray() {
        separate()
        storage.append(UInt8(ascii: "["))
    }

    @inlinable public mutating func endArray() {
        storage.append(UInt8(ascii: "]"))
        pendingComma = true
    }

    /// An object key; `key` is written as is (keys are the wire types' own ASCII names).
    @inlinable public mutating func key(_ key: StaticString) {
        separate()
        storage.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { storage.append(contentsOf: $0) }
        storage.append(UInt8(ascii: "\""))
        storage.append(UInt8(ascii: ":"))
    }

    public mutating func string(_ value: String) {
        separate()
        storage.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { Self.appendEscaping($0, to: &storage) }
        storage.append(UInt8(ascii: "\""))
        pendingComma = true
    }

    /// Text handed over as bytes, e.g. straight from a database row, written without making a
    /// `String` first. Bytes that are not valid UTF-8 are written as `String(decoding:as:)` repairs
    /// them (U+FFFD for each invalid sequence), so the JSON is what ``string(_:)`` writes for the text
    /// read the usual way. Pure ASCII — nearly all text — is checked eight bytes at a time and copied
    /// escaped; other text is validated by decoding it.
    public mutating func string(utf8: UnsafeBufferPointer<UInt8>) {
        guard Self.isASCII(utf8) else { return string(String(decoding: utf8, as: UTF8.self)) }
        separate()
        storage.append(UInt8(ascii: "\""))
        Self.appendEscaping(utf8, to: &storage)
        storage.append(UInt8(ascii: "\""))
        pendingComma = true
    }

    static func isASCII(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = utf8.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var index = 0
        var highBits: UInt64 = 0
        while utf8.count - index >= 8 {
            highBits |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index += 8
        }
        while index < utf8.count {
            highBits |= UInt64(base[index])
            index += 1
        }
        return highBits & 0x8080_8080_8080_8080 == 0
    }

    /// Appends `utf8` with the characters JSON requires escaped (below U+0020, `"` and `\`)
    /// escaped. Text is checked eight bytes at a time; runs without such characters — nearly all
    /// text — are copied whole.
    static func appendEscaping(_ utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        let count = utf8.count
        guard count > 0, let base = utf8.baseAddress else { return }
        let raw = UnsafeRawPointer(base)
        var start = 0
        var index = 0
        while index < count {
            if count - index >= 8, !Self.wordNeedsEscaping(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
                index += 8
                continue
            }
            let byte = base[index]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                bytes.append(contentsOf: UnsafeBufferPointer(start: base + start, count: index - start))
                Self.appendEscaped(byte, to: &bytes)
                start = index + 1
            }
            index += 1
        }
        bytes.append(contentsOf: UnsafeBufferPointer(start: base + start, count: count - start))
    }

    /// Whether any of the eight bytes is below 0x20, `"` or `\` (may say yes for a word that is
    /// fine, never no for one that is not: the caller then checks byte by byte).
    @inline(__always) static func wordNeedsEscaping(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        // A byte below n sets its high bit in (w - n·ones) & ~w (bytes ≥ 0x80 never do).
        let control = (word &- ones &* 0x20) & ~word & highs
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let hasQuote = (quote &- ones) & ~quote & highs
        let hasBackslash = (backslash &- ones) & ~backslash & highs
        return (control | hasQuote | hasBackslash) != 0
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
            storage.append(UInt8(ascii: "0"))
        } else {
            var digits: [UInt8] = []
            var rest = value.magnitude
            while rest > 0 {
                digits.append(UInt8(ascii: "0") + UInt8(rest % 10))
                rest /= 10
            }
            if value < 0 { storage.append(UInt8(ascii: "-")) }
            storage.append(contentsOf: digits.reversed())
        }
        pendingComma = true
    }

    @inlinable public mutating func bool(_ value: Bool) {
        separate()
        let literal: StaticString = value ? "true" : "false"
        literal.withUTF8Buffer { storage.append(contentsOf: $0) }
        pendingComma = true
    }

    /// A timestamp as the wire writes it: ISO 8601, UTC, milliseconds (written in place).
    public mutating func date(_ value: Date) {
        separate()
        storage.append(UInt8(ascii: "\""))
        ISO8601.append(value, to: &storage)
        storage.append(UInt8(ascii: "\""))
        pendingComma = true
    }

    /// A UUID in its lower-case canonical form (written in place).
    public mutating func uuid(_ value: UUID) {
        separate()
        storage.append(UInt8(ascii: "\""))
        value.appendLowercased(to: &storage)
        storage.append(UInt8(ascii: "\""))
        pendingComma = true
    }

    /// A UUID already in its canonical lower-case text (36 bytes: `UUID.copyLowercased(utf8:to:)`,
    /// `ResultRow.withUUIDText`), copied as it is.
    public mutating func uuid(lowercasedText text: UnsafeBufferPointer<UInt8>) {
        separate()
        storage.append(UInt8(ascii: "\""))
        storage.append(contentsOf: text)
        storage.append(UInt8(ascii: "\""))
        pendingComma = true
    }

    @inlinable public mutating func value(_ value: some DirectJSONEncodable) {
        value.writeJSON(to: &self)
    }

    @inlinable public mutating func array<Element: DirectJSONEncodable>(_ elements: [Element]) {
        beginArray()
        for element in elements { element.writeJSON(to: &self) }
        endArray()
    }
}

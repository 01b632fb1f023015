import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Hand-rolled UUID text conversion. Foundation on Linux formats UUIDs with `sprintf` and parses
/// them with `sscanf`; both showed up near the top of the hint-list profile, where every row has
/// one. The code is deliberately non-generic (no tuple or `StringProtocol` metadata lookups).
extension UUID {

    /// The 16 bytes of the UUID, in order.
    public var byteArray: [UInt8] {
        let u = uuid
        return [u.0, u.1, u.2, u.3, u.4, u.5, u.6, u.7, u.8, u.9, u.10, u.11, u.12, u.13, u.14, u.15]
    }

    /// The canonical lower-case form, `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`.
    public var lowercasedString: String {
        var out: [UInt8] = []
        out.reserveCapacity(36)
        appendLowercased(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The upper-case form, as Foundation's `uuidString` writes it (how SQLite columns hold UUIDs).
    public var uppercasedString: String {
        var out: [UInt8] = []
        out.reserveCapacity(36)
        appendHex(to: &out, letterBase: 55)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the 36 bytes of the canonical lower-case form to `out`.
    public func appendLowercased(to out: inout [UInt8]) {
        appendHex(to: &out, letterBase: 87)
    }

    /// `letterBase`: what is added to a nibble of 10–15 (87 for a–f, 55 for A–F).
    private func appendHex(to out: inout [UInt8], letterBase: UInt8) {
        // Filled on the stack and appended in one go (one uniqueness and capacity check, not 36).
        withUnsafeBytes(of: uuid) { bytes in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { text in
                var position = 0
                for index in 0..<16 {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        text[position] = 45
                        position += 1
                    }
                    let byte = bytes[index]
                    let high = byte >> 4, low = byte & 0x0F
                    text[position] = high < 10 ? 48 + high : letterBase + high
                    text[position + 1] = low < 10 ? 48 + low : letterBase + low
                    position += 2
                }
                out.append(contentsOf: UnsafeBufferPointer(text))
            }
        }
    }

    /// A random (version 4) UUID from the kernel's generator. Foundation's `UUID()` on
    /// Linux opens and reads `/dev/urandom` for every UUID, which showed up in the profile of every
    /// request (request IDs). The kernel's bytes are read 4 KB at a time (``RandomBytePool``): one
    /// system call per 256 UUIDs instead of two `getrandom` calls per UUID (issue 13).
    public static func random() -> UUID {
        var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &value) { bytes in
            RandomBytePool.shared.fill(bytes)
            bytes[6] = bytes[6] & 0x0F | 0x40
            bytes[8] = bytes[8] & 0x3F | 0x80
        }
        return UUID(uuid: value)
    }

    /// Parses the canonical 36-character form in either case; nil for anything else.
    public init?(parsing text: String) {
        var text = text
        guard let parsed = text.withUTF8({ UUID(utf8: $0) }) else { return nil }
        self = parsed
    }

    /// Parses the canonical 36-character form in either case from UTF-8 bytes (a database's text
    /// read in place); nil for anything else.
    public init?(utf8: UnsafeBufferPointer<UInt8>) {
        guard utf8.count == 36, let text = utf8.baseAddress, text[8] == 45, text[13] == 45, text[18] == 45, text[23] == 45 else { return nil }
        var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        // Any character that is not a hex digit sets a high bit here (see `hexValue`).
        var invalid: UInt8 = 0
        withUnsafeMutableBytes(of: &value) { bytes in
            var position = 0
            for index in 0..<16 {
                if position == 8 || position == 13 || position == 18 || position == 23 { position += 1 }
                let high = Self.hexValue(text[position]), low = Self.hexValue(text[position + 1])
                invalid |= high | low
                bytes[index] = high << 4 | low & 0x0F
                position += 2
            }
        }
        guard invalid & 0xF0 == 0 else { return nil }
        self.init(uuid: value)
    }

    /// Copies UUID text in the canonical 36-character form, either case, into `out` (36 bytes) in
    /// lower case — what ``appendLowercased(to:)`` writes for the parsed UUID, without parsing it and
    /// formatting it again (a hint page's 20 ids as SQLite stores them, issue 13). False, with `out`
    /// undefined, for anything ``init(utf8:)`` would refuse.
    ///
    /// Eight bytes at a time: the four dashes are checked and stood in for by a digit, then each
    /// word's bytes are checked to be hex digits and lowered together (`| 0x20` leaves a digit as it
    /// is and lowers a letter), and the dashes put back.
    public static func copyLowercased(utf8 text: UnsafeBufferPointer<UInt8>, to out: UnsafeMutablePointer<UInt8>) -> Bool {
        guard text.count == 36, let text = text.baseAddress, text[8] == 45, text[13] == 45, text[18] == 45, text[23] == 45 else { return false }
        out.update(from: text, count: 36)
        (out[8], out[13], out[18], out[23]) = (48, 48, 48, 48)
        let bytes = UnsafeMutableRawPointer(out)
        // Words at 0, 8, 16, 24 and 28 cover the 36 bytes (the last two overlap; lowering is idempotent).
        var offset = 0
        while offset <= 28 {
            guard let lowered = lowerHexWord(bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) else { return false }
            bytes.storeBytes(of: lowered, toByteOffset: offset, as: UInt64.self)
            offset = offset == 24 ? 28 : offset + 8
        }
        (out[8], out[13], out[18], out[23]) = (45, 45, 45, 45)
        return true
    }

    /// Eight bytes of hex digits (either case) in lower case; nil when any byte is not a hex digit.
    @inline(__always) private static func lowerHexWord(_ word: UInt64) -> UInt64? {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        guard word & highBits == 0 else { return nil }  // ASCII only, so no sum below carries into the next byte
        // A byte x (< 0x80) lies in lo...hi exactly when x + (0x80 - lo) has its high bit set and
        // x + (0x7F - hi) has not.
        func within(_ x: UInt64, _ lo: UInt64, _ hi: UInt64) -> UInt64 {
            (x &+ (0x80 &- lo) &* ones) & ~(x &+ (0x7F &- hi) &* ones) & highBits
        }
        let lowered = word | 0x2020_2020_2020_2020
        // Digits are checked on the bytes as given: `| 0x20` would turn some control bytes into digits.
        guard within(word, 0x30, 0x39) | within(lowered, 0x61, 0x66) == highBits else { return nil }
        return lowered
    }

    /// A hex digit's value (either case), or 0xFF for any other character.
    @inline(__always) private static func hexValue(_ c: UInt8) -> UInt8 {
        let digit = c &- 48  // "0"..."9" → 0...9
        if digit < 10 { return digit }
        let letter = (c | 0x20) &- 97  // "a"..."f" and "A"..."F" → 0...5
        return letter < 6 ? letter + 10 : 0xFF
    }
}

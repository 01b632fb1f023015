import Foundation

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

    /// Appends the 36 bytes of the canonical lower-case form to `out`.
    public func appendLowercased(to out: inout [UInt8]) {
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
                    text[position] = Self.hexDigit(byte >> 4)
                    text[position + 1] = Self.hexDigit(byte & 0x0F)
                    position += 2
                }
                out.append(contentsOf: UnsafeBufferPointer(text))
            }
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 { nibble < 10 ? 48 + nibble : 87 + nibble }

    /// A random (version 4) UUID from the system's generator (`getrandom`). Foundation's `UUID()` on
    /// Linux opens and reads `/dev/urandom` for every UUID, which showed up in the profile of every
    /// request (request IDs).
    public static func random() -> UUID {
        var generator = SystemRandomNumberGenerator()
        var halves = (generator.next() as UInt64, generator.next() as UInt64)
        return withUnsafeMutableBytes(of: &halves) { bytes in
            bytes[6] = bytes[6] & 0x0F | 0x40
            bytes[8] = bytes[8] & 0x3F | 0x80
            return UUID(uuid: bytes.load(as: uuid_t.self))
        }
    }

    /// Parses the canonical 36-character form in either case; nil for anything else.
    public init?(parsing text: String) {
        var text = text
        let parsed: uuid_t? = text.withUTF8 { utf8 -> uuid_t? in
            guard utf8.count == 36 else { return nil }
            var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            let complete = withUnsafeMutableBytes(of: &value) { bytes -> Bool in
                var byteIndex = 0
                var position = 0
                while position < 36 {
                    if position == 8 || position == 13 || position == 18 || position == 23 {
                        guard utf8[position] == 45 else { return false }
                        position += 1
                        continue
                    }
                    guard let high = Self.nibble(utf8[position]), let low = Self.nibble(utf8[position + 1]) else { return false }
                    bytes[byteIndex] = high << 4 | low
                    byteIndex += 1
                    position += 2
                }
                return true
            }
            return complete ? value : nil
        }
        guard let parsed else { return nil }
        self.init(uuid: parsed)
    }

    private static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case 48...57: c - 48
        case 97...102: c - 87
        case 65...70: c - 55
        default: nil
        }
    }
}

import Foundation

/// Hand-rolled UUID text conversion. Foundation on Linux formats UUIDs with `sprintf` and parses
/// them with `sscanf`; both showed up near the top of the hint-list profile, where every row has
/// one. The code is deliberately non-generic (no tuple or `StringProtocol` metadata lookups).
extension UUID {
    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// The 16 bytes of the UUID, in order.
    public var byteArray: [UInt8] {
        let u = uuid
        return [u.0, u.1, u.2, u.3, u.4, u.5, u.6, u.7, u.8, u.9, u.10, u.11, u.12, u.13, u.14, u.15]
    }

    /// The canonical lower-case form, `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`.
    public var lowercasedString: String {
        let bytes = byteArray
        var out = [UInt8](repeating: 45, count: 36)
        var position = 0
        for index in 0..<16 {
            if index == 4 || index == 6 || index == 8 || index == 10 { position += 1 }
            let byte = bytes[index]
            out[position] = Self.hexDigits[Int(byte >> 4)]
            out[position + 1] = Self.hexDigits[Int(byte & 0x0f)]
            position += 2
        }
        return String(decoding: out, as: UTF8.self)
    }

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
        let utf8 = Array(text.utf8)
        guard utf8.count == 36 else { return nil }
        var bytes = [UInt8](repeating: 0, count: 16)
        var byteIndex = 0
        var position = 0
        while position < 36 {
            if position == 8 || position == 13 || position == 18 || position == 23 {
                guard utf8[position] == 45 else { return nil }
                position += 1
                continue
            }
            guard let high = Self.nibble(utf8[position]), let low = Self.nibble(utf8[position + 1]) else { return nil }
            bytes[byteIndex] = high << 4 | low
            byteIndex += 1
            position += 2
        }
        let b = bytes
        self.init(uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]))
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

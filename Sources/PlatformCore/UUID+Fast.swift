import Foundation

/// Hand-rolled UUID text conversion. Foundation on Linux formats UUIDs with `sprintf` and parses
/// them with `sscanf`; both showed up near the top of the hint-list profile, where every row has one.
extension UUID {
    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// The canonical lower-case form, `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`.
    public var lowercasedString: String {
        withUnsafeBytes(of: uuid) { raw in
            var out = [UInt8](repeating: 45, count: 36)
            var position = 0
            for (index, byte) in raw.enumerated() {
                if index == 4 || index == 6 || index == 8 || index == 10 { position += 1 }
                out[position] = Self.hexDigits[Int(byte >> 4)]
                out[position + 1] = Self.hexDigits[Int(byte & 0x0f)]
                position += 2
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// Parses the canonical 36-character form in either case; nil for anything else.
    public init?(parsing text: some StringProtocol) {
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let utf8 = text.utf8
        guard utf8.count == 36 else { return nil }
        func nibble(_ c: UInt8) -> UInt8? {
            switch c {
            case 48...57: c - 48
            case 97...102: c - 87
            case 65...70: c - 55
            default: nil
            }
        }
        let ok = withUnsafeMutableBytes(of: &bytes) { out -> Bool in
            var byteIndex = 0
            var high: UInt8?
            for (position, c) in utf8.enumerated() {
                if position == 8 || position == 13 || position == 18 || position == 23 {
                    guard c == 45 else { return false }
                    continue
                }
                guard let value = nibble(c) else { return false }
                if let h = high {
                    out[byteIndex] = h << 4 | value
                    byteIndex += 1
                    high = nil
                } else {
                    high = value
                }
            }
            return byteIndex == 16
        }
        guard ok else { return nil }
        self.init(uuid: bytes)
    }
}

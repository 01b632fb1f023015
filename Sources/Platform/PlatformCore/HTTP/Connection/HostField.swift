import Foundation
import HTTPTypes
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// The `Host` field's grammar (RFC 9110 §7.2: `uri-host [ ":" port ]`, RFC 3986 §3.2.2), so a request
/// naming no host, or several, is refused at the connection instead of being served.
enum HostField {
    /// Whether `value` is empty (allowed when the target has no authority) or a host with an optional port.
    static func isValid(_ value: String) -> Bool {
        var bytes = Substring(value).utf8[...]
        if bytes.first == UInt8(ascii: "[") {
            guard let close = bytes.firstIndex(of: UInt8(ascii: "]")) else { return false }
            let literal = bytes[bytes.index(after: bytes.startIndex)..<close]
            guard !literal.isEmpty, literal.allSatisfy(isIPLiteralByte) else { return false }
            bytes = bytes[bytes.index(after: close)...]
        } else {
            let end = bytes.firstIndex(of: UInt8(ascii: ":")) ?? bytes.endIndex
            guard isRegName(bytes[..<end]) else { return false }
            bytes = bytes[end...]
        }
        guard let colon = bytes.first else { return true }
        guard colon == UInt8(ascii: ":") else { return false }
        let port = bytes.dropFirst()
        return port.count <= 5 && port.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// RFC 3986 reg-name (which includes IPv4 addresses): unreserved, sub-delims and %HH.
    static func isRegName(_ name: Substring.UTF8View.SubSequence) -> Bool {
        var index = name.startIndex
        while index < name.endIndex {
            let byte = name[index]
            if byte == UInt8(ascii: "%") {
                let digits = name[name.index(after: index)...].prefix(2)
                guard digits.count == 2, digits.allSatisfy(isHexDigit) else { return false }
                index = name.index(index, offsetBy: 3)
                continue
            }
            guard isUnreserved(byte) || isSubDelimiter(byte) else { return false }
            index = name.index(after: index)
        }
        return true
    }

    /// RFC 3986's sub-delims: `!$&'()*+,;=`.
    static func isSubDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="):
            true
        default: false
        }
    }

    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"): true
        default: false
        }
    }

    static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"): true
        default: false
        }
    }

    /// An IPv6 address or IPvFuture inside brackets: hex digits, `:`, `.`, and IPvFuture's letters.
    static func isIPLiteralByte(_ byte: UInt8) -> Bool {
        isUnreserved(byte) || isSubDelimiter(byte) || byte == UInt8(ascii: ":")
    }
}

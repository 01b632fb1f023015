import Foundation

/// A strict RFC 8259 check of a request body, run before `JSONDecoder` sees it.
///
/// Foundation's decoder is lenient where a client must not be able to smuggle ambiguity in: it
/// accepts trailing commas, a leading byte-order mark, invalid UTF-8, and duplicate keys (the first
/// one wins, while another parser in the path — a proxy, a log pipeline, the client's own — may
/// take the last). This single byte-level pass refuses all of those, every other syntax error, and
/// nesting deeper than ``maxDepth`` (recursion is bounded, so no body can exhaust the stack). In
/// the same pass it reports, by JSON path, every string that breaks the ``ControlCharacters`` rule,
/// escaped (`\u0000`, `\b`) or raw (DEL), so syntax and content are checked in one place for
/// every body.
///
/// Duplicate keys are compared after unescaping (`{"a":1,"\u0061":2}` is a duplicate) and as Swift
/// strings, i.e. up to canonical equivalence — the same equality the decoder's key lookup uses.
/// Unpaired UTF-16 surrogate escapes are refused (they are not Unicode text).
public enum StrictJSON {
    /// The deepest nesting of arrays and objects accepted.
    public static let maxDepth = 64
    /// At most this many offending fields are reported.
    public static let maxReportedFields = 50

    /// Why a body is not strict JSON: what, and at which byte offset.
    public struct Malformed: Error, Equatable, Sendable, CustomStringConvertible {
        public let reason: String
        public let offset: Int
        public var description: String { "\(reason) at byte \(offset)" }
    }

    /// Checks `data`, throwing ``Malformed`` when it is not strict JSON; returns the paths of the
    /// strings holding forbidden control characters (empty when there are none), spelled with the
    /// keys as sent: `hint_text`, `milestones[0].milestone_name`, `[2]`, or `body` for a top-level
    /// string.
    public static func check(_ data: Data) throws(Malformed) -> [String] {
        try inspect(data).controlCharacterFields
    }

    /// A number written in a way some field types cannot take: with a fraction or an exponent
    /// (`1.5`, `1e20`, `1e-400`), or with more digits than a 64-bit integer holds. Foundation's
    /// decoder refuses such a number for an integer field (or any number beyond a `Double`'s
    /// range) as "not valid JSON" without saying where; these let the request decoder name the field.
    public struct NumberToken: Sendable, Equatable {
        /// The field's path, spelled with the keys as sent (as for control characters).
        public let path: String
        /// The number's bytes in the body.
        public let range: Range<Int>
        /// The number as written.
        public let text: String
    }

    /// What one pass over a strict body found.
    public struct Inspection: Sendable {
        /// Paths of the strings holding forbidden control characters.
        public var controlCharacterFields: [String] = []
        /// Numbers with a fraction, an exponent or more than 18 digits (at most ``maxReportedFields``).
        public var unusualNumbers: [NumberToken] = []
    }

    /// ``check(_:)``, also returning the body's unusual numbers.
    public static func inspect(_ data: Data) throws(Malformed) -> Inspection {
        let result: Result<Inspection, Malformed> = data.withUnsafeBytes { raw in
            var parser = Parser(bytes: raw.bindMemory(to: UInt8.self))
            do throws(Malformed) {
                try parser.document()
                return .success(Inspection(controlCharacterFields: parser.flagged, unusualNumbers: parser.numbers))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private enum PathComponent {
        case key(String)
        case index(Int)
    }

    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        var path: [PathComponent] = []
        var flagged: [String] = []
        var numbers: [NumberToken] = []

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        func fail(_ reason: String) -> Malformed { Malformed(reason: reason, offset: index) }

        mutating func document() throws(Malformed) {
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { throw fail("a byte-order mark is not allowed") }
            skipWhitespace()
            try value(depth: 0)
            skipWhitespace()
            if index < bytes.count { throw fail("unexpected data after the JSON value") }
        }

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        mutating func value(depth: Int) throws(Malformed) {
            guard index < bytes.count else { throw fail("unexpected end of input") }
            switch bytes[index] {
            case UInt8(ascii: "{"): try object(depth: depth + 1)
            case UInt8(ascii: "["): try array(depth: depth + 1)
            case UInt8(ascii: "\""):
                var forbidden = false
                _ = try string(decode: false, forbidden: &forbidden)
                if forbidden { flag() }
            case UInt8(ascii: "t"): try literal("true")
            case UInt8(ascii: "f"): try literal("false")
            case UInt8(ascii: "n"): try literal("null")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
            default: throw fail("unexpected character")
            }
        }

        /// Consumes an opening bracket (within the depth limit); true when the container is empty
        /// (its closing bracket consumed too).
        mutating func isEmptyContainer(closedBy closing: UInt8, depth: Int) throws(Malformed) -> Bool {
            guard depth <= StrictJSON.maxDepth else { throw fail("nested deeper than \(StrictJSON.maxDepth) levels") }
            index += 1
            skipWhitespace()
            guard index < bytes.count, bytes[index] == closing else { return false }
            index += 1
            return true
        }

        mutating func object(depth: Int) throws(Malformed) {
            if try isEmptyContainer(closedBy: UInt8(ascii: "}"), depth: depth) { return }
            var keys = Set<String>()
            while true {
                guard index < bytes.count else { throw fail("unexpected end of input") }
                guard bytes[index] == UInt8(ascii: "\"") else {
                    throw fail(bytes[index] == UInt8(ascii: "}") ? "trailing comma" : "expected a string key")
                }
                let keyStart = index
                var forbidden = false
                let key = try string(decode: true, forbidden: &forbidden)
                guard keys.insert(key).inserted else {
                    index = keyStart
                    throw fail("duplicate key \"\(key.prefix(64))\"")
                }
                path.append(.key(key))
                if forbidden { flag() }
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':' after a key") }
                index += 1
                skipWhitespace()
                try value(depth: depth)
                path.removeLast()
                if try endOfMembers(closedBy: UInt8(ascii: "}")) { return }
            }
        }

        /// After an object member or array element: consumes `,` (more follow: false) or the
        /// closing bracket (done: true).
        mutating func endOfMembers(closedBy closing: UInt8) throws(Malformed) -> Bool {
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of input") }
            switch bytes[index] {
            case UInt8(ascii: ","):
                index += 1
                skipWhitespace()
                return false
            case closing:
                index += 1
                return true
            default:
                throw fail("expected ',' or '\(Character(Unicode.Scalar(closing)))'")
            }
        }

        mutating func array(depth: Int) throws(Malformed) {
            if try isEmptyContainer(closedBy: UInt8(ascii: "]"), depth: depth) { return }
            var position = 0
            while true {
                guard index < bytes.count else { throw fail("unexpected end of input") }
                if bytes[index] == UInt8(ascii: "]") { throw fail("trailing comma") }
                path.append(.index(position))
                try value(depth: depth)
                path.removeLast()
                position += 1
                if try endOfMembers(closedBy: UInt8(ascii: "]")) { return }
            }
        }

        mutating func literal(_ word: StaticString) throws(Malformed) {
            let count = word.utf8CodeUnitCount
            guard bytes.count - index >= count else { throw fail("unexpected character") }
            let expected = UnsafeBufferPointer(start: word.utf8Start, count: count)
            for offset in 0..<count where bytes[index + offset] != expected[offset] {
                throw fail("unexpected character")
            }
            index += count
        }

        /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
        mutating func number() throws(Malformed) {
            let start = index
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("invalid number") }
            let integerStart = index
            if bytes[index] == UInt8(ascii: "0") {
                index += 1
            } else {
                while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            }
            var unusual = index - integerStart > 18
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                try digits()
                unusual = true
            }
            if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                try digits()
                unusual = true
            }
            if unusual, numbers.count < StrictJSON.maxReportedFields {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                numbers.append(NumberToken(path: pathText, range: start..<index, text: text))
            }
        }

        mutating func digits() throws(Malformed) {
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("invalid number") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }

        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

        /// Reads a string starting at its opening quote, validating escapes and UTF-8. With
        /// `decode`, returns its unescaped value (for keys); sets `forbidden` when it holds a
        /// control character the rule refuses.
        mutating func string(decode: Bool, forbidden: inout Bool) throws(Malformed) -> String {
            index += 1
            let start = index
            var decoded: [UInt8]? = nil  // only once an escape makes the raw bytes differ
            while true {
                guard index < bytes.count else { throw fail("unterminated string") }
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    defer { index += 1 }
                    guard decode else { return "" }
                    if let decoded { return String(decoding: decoded, as: UTF8.self) }
                    return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                }
                if byte == UInt8(ascii: "\\") {
                    if decode, decoded == nil { decoded = Array(bytes[start..<index]) }
                    let scalar = try escape()
                    if ControlCharacters.isForbidden(scalar) { forbidden = true }
                    if decode { appendUTF8(scalar, to: &decoded!) }
                    continue
                }
                if byte < 0x20 { throw fail("unescaped control character in a string") }
                let length: Int
                if byte < 0x80 {
                    if byte == 0x7F { forbidden = true }
                    length = 1
                } else {
                    length = try utf8Sequence()
                }
                if decode, decoded != nil { decoded!.append(contentsOf: bytes[index..<(index + length)]) }
                index += length
            }
        }

        /// Reads one escape sequence starting at its backslash; returns the code point it stands for.
        mutating func escape() throws(Malformed) -> UInt32 {
            index += 1
            guard index < bytes.count else { throw fail("unterminated string") }
            let letter = bytes[index]
            index += 1
            switch letter {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return UInt32(letter)
            case UInt8(ascii: "b"): return 0x08
            case UInt8(ascii: "f"): return 0x0C
            case UInt8(ascii: "n"): return 0x0A
            case UInt8(ascii: "r"): return 0x0D
            case UInt8(ascii: "t"): return 0x09
            case UInt8(ascii: "u"):
                let unit = try hex4()
                switch unit {
                case 0xD800...0xDBFF:
                    guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                        throw fail("unpaired surrogate escape")
                    }
                    index += 2
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw fail("unpaired surrogate escape") }
                    return 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                case 0xDC00...0xDFFF:
                    throw fail("unpaired surrogate escape")
                default:
                    return unit
                }
            default:
                index -= 1
                throw fail("invalid escape")
            }
        }

        mutating func hex4() throws(Malformed) -> UInt32 {
            guard bytes.count - index >= 4 else { throw fail("invalid \\u escape") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: throw fail("invalid \\u escape")
                }
                value = value << 4 | UInt32(digit)
                index += 1
            }
            return value
        }

        /// Validates the multi-byte UTF-8 sequence at `index` (no overlong forms, no surrogates,
        /// nothing above U+10FFFF) and returns its length; does not advance.
        func utf8Sequence() throws(Malformed) -> Int {
            let lead = bytes[index]
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: throw fail("invalid UTF-8")
            }
            guard bytes.count - index >= length else { throw fail("invalid UTF-8") }
            let second = bytes[index + 1]
            guard second >= low, second <= high else { throw fail("invalid UTF-8") }
            for offset in 2..<max(2, length) where bytes[index + offset] & 0xC0 != 0x80 {
                throw fail("invalid UTF-8")
            }
            return length
        }

        func appendUTF8(_ scalar: UInt32, to output: inout [UInt8]) {
            // Surrogates never reach here (paired or refused), so every value is a scalar.
            UTF8.encode(Unicode.Scalar(scalar)!) { output.append($0) }
        }

        mutating func flag() {
            guard flagged.count < StrictJSON.maxReportedFields else { return }
            flagged.append(pathText)
        }

        /// The current path as fields are named in errors: `milestones[0].milestone_name`, or
        /// `body` for the top-level value.
        var pathText: String {
            var text = ""
            for component in path {
                switch component {
                case .key(let key): text += text.isEmpty ? key : ".\(key)"
                case .index(let position): text += "[\(position)]"
                }
            }
            return text.isEmpty ? "body" : text
        }
    }
}

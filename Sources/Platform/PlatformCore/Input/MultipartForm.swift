import Foundation
import NIOCore

/// A `multipart/form-data` body (RFC 7578) split into its parts, for upload routes. The body is
/// parsed whole (routes collect it under the upload limit first), with the boundary found by a
/// byte search rather than a byte-at-a-time state machine, so a 25 MiB recording parses in
/// milliseconds. Anything that is not well-formed framing throws ``Malformed``; a route answers 400.
public struct MultipartForm: Sendable {
    /// One part: its form field name, the filename and content type a client declared (never
    /// trusted for storage or type decisions), and its bytes.
    public struct Part: Sendable {
        public var name: String
        public var filename: String?
        public var contentType: String?
        public var body: Data

        /// The part's bytes as UTF-8 text; nil when they are not valid UTF-8.
        public var text: String? { String(data: body, encoding: .utf8) }
    }

    /// Broken multipart framing: no boundary, a part without `Content-Disposition: form-data; name=…`,
    /// headers that are too long, or a body that ends before its closing boundary.
    public struct Malformed: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// At most this many parts, and this many bytes of headers per part: a form of a few fields.
    public static let maxParts = 32
    public static let maxHeaderBytes = 8 * 1024

    public var parts: [Part]

    /// The first part named `name`.
    public func part(_ name: String) -> Part? { parts.first { $0.name == name } }

    /// The text of the first part named `name`; nil when absent or not UTF-8.
    public func field(_ name: String) -> String? { part(name)?.text }

    /// The boundary of a `multipart/form-data` content type, or nil when `contentType` is another
    /// type or names no usable boundary (1–70 characters, RFC 2046).
    public static func boundary(of contentType: String?) -> String? {
        guard let contentType else { return nil }
        let pieces = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let type = pieces.first, type.lowercased() == "multipart/form-data" else { return nil }
        for piece in pieces.dropFirst() {
            let pair = piece.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else { continue }
            var value = pair[1].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            guard (1...70).contains(value.utf8.count), value.unicodeScalars.allSatisfy({ $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F }) else { return nil }
            return value
        }
        return nil
    }

    /// True when `contentType` is `multipart/form-data` (with or without a boundary).
    /// Every request with a body asks (for its size limit), so ASCII headers are read on their bytes;
    /// anything else takes ``isMultipartGeneral(_:)``, whose answer the byte path gives (tested).
    public static func isMultipart(_ contentType: String?) -> Bool {
        guard var contentType else { return false }
        if let answer = contentType.withUTF8({ isMultipartASCII($0) }) { return answer }
        return isMultipartGeneral(contentType)
    }

    /// The first non-empty `;`-separated piece, without the white space around it, lower-cased.
    static func isMultipartGeneral(_ contentType: String) -> Bool {
        contentType.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() == "multipart/form-data"
    }

    /// ``isMultipartGeneral(_:)`` on ASCII bytes (nil for others): in ASCII the white space trimmed is
    /// space and tab, and lower-casing maps A–Z alone; leading `;`s are skipped as `split` skips the
    /// empty pieces they leave.
    static func isMultipartASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        var start = 0
        while start < bytes.count, bytes[start] == UInt8(ascii: ";") { start += 1 }
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: ";") { end += 1 }
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        let expected: StaticString = "multipart/form-data"
        guard end - start == expected.utf8CodeUnitCount else { return false }
        return expected.withUTF8Buffer { target in
            (0..<target.count).allSatisfy { offset in
                let byte = bytes[start + offset]
                return (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte) == target[offset]
            }
        }
    }

    /// Splits `body` at `boundary`.
    public init(parsing body: ByteBuffer, boundary: String) throws {
        try self.init(parsing: Data(body.readableBytesView), boundary: boundary)
    }

    public init(parsing body: Data, boundary: String) throws {
        let bytes = [UInt8](body)
        let dashBoundary = Array("--\(boundary)".utf8)
        let delimiter = Array("\r\n--\(boundary)".utf8)
        // The first boundary may open the body directly or follow a preamble line.
        var position: Int
        if bytes.starts(with: dashBoundary) {
            position = dashBoundary.count
        } else if let found = Self.find(delimiter, in: bytes, from: 0) {
            position = found + delimiter.count
        } else {
            throw Malformed(description: "the body has no boundary line")
        }
        var parts: [Part] = []
        while true {
            // After a boundary: "--" closes the body; otherwise (optional whitespace) CRLF opens a part.
            if bytes.count - position >= 2, bytes[position] == UInt8(ascii: "-"), bytes[position + 1] == UInt8(ascii: "-") { break }
            while position < bytes.count, bytes[position] == UInt8(ascii: " ") || bytes[position] == UInt8(ascii: "\t") { position += 1 }
            guard bytes.count - position >= 2, bytes[position] == 13, bytes[position + 1] == 10 else {
                throw Malformed(description: "a boundary line is not followed by a line break")
            }
            position += 2
            guard parts.count < Self.maxParts else { throw Malformed(description: "more than \(Self.maxParts) parts") }
            let headerEnd = Self.find(Array("\r\n\r\n".utf8), in: bytes, from: position, limit: Self.maxHeaderBytes)
            let headerBytes: ArraySlice<UInt8>
            let bodyStart: Int
            if bytes.count - position >= 2, bytes[position] == 13, bytes[position + 1] == 10 {
                headerBytes = []  // no headers at all: rejected below (no name)
                bodyStart = position + 2
            } else if let headerEnd {
                headerBytes = bytes[position..<headerEnd]
                bodyStart = headerEnd + 4
            } else {
                throw Malformed(description: "a part's headers do not end (or exceed \(Self.maxHeaderBytes) bytes)")
            }
            guard let next = Self.find(delimiter, in: bytes, from: bodyStart) else {
                throw Malformed(description: "the body ends before its closing boundary")
            }
            parts.append(try Self.part(headers: headerBytes, body: Data(bytes[bodyStart..<next])))
            position = next + delimiter.count
        }
        self.parts = parts
    }

    static func part(headers: ArraySlice<UInt8>, body: Data) throws -> Part {
        guard let text = String(bytes: headers, encoding: .utf8) else { throw Malformed(description: "a part's headers are not UTF-8") }
        var name: String?
        var filename: String?
        var contentType: String?
        for line in text.components(separatedBy: "\r\n") where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { throw Malformed(description: "a part header has no colon") }
            let field = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            switch field {
            case "content-disposition":
                let parameters = Self.parameters(value)
                guard parameters.type == "form-data" else { throw Malformed(description: "a part is not form-data") }
                name = parameters.values["name"]
                filename = parameters.values["filename"]
            case "content-type":
                contentType = value
            default:
                continue
            }
        }
        guard let name, !name.isEmpty else { throw Malformed(description: "a part has no Content-Disposition name") }
        return Part(name: name, filename: filename, contentType: contentType, body: body)
    }

    /// `form-data; name="a"; filename="b.jpg"` → type and parameters (quoted strings unescaped).
    static func parameters(_ value: String) -> (type: String, values: [String: String]) {
        var values: [String: String] = [:]
        var scalars = Substring(value)
        func readToken(until stops: Set<Character>) -> String {
            var token = ""
            while let c = scalars.first, !stops.contains(c) {
                token.append(c)
                scalars.removeFirst()
            }
            return token.trimmingCharacters(in: .whitespaces)
        }
        let type = readToken(until: [";"]).lowercased()
        while !scalars.isEmpty {
            scalars.removeFirst()  // ";"
            let key = readToken(until: ["=", ";"]).lowercased()
            guard scalars.first == "=" else { continue }
            scalars.removeFirst()
            while scalars.first == " " { scalars.removeFirst() }
            var parsed = ""
            if scalars.first == "\"" {
                scalars.removeFirst()
                while let c = scalars.first, c != "\"" {
                    scalars.removeFirst()
                    if c == "\\", let escaped = scalars.first {
                        parsed.append(escaped)
                        scalars.removeFirst()
                    } else {
                        parsed.append(c)
                    }
                }
                if !scalars.isEmpty { scalars.removeFirst() }
                _ = readToken(until: [";"])
            } else {
                parsed = readToken(until: [";"])
            }
            if !key.isEmpty, values[key] == nil { values[key] = parsed }
        }
        return (type, values)
    }

    /// The index of the first occurrence of `needle` in `haystack` at or after `start` (and, with
    /// `limit`, starting within `limit` bytes of it): `memchr` for the first byte, then a compare.
    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int, limit: Int? = nil) -> Int? {
        guard let first = needle.first, start <= haystack.count else { return nil }
        return haystack.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress else { return nil }
            var index = start
            let lastStart = limit.map { min(haystack.count - needle.count, start + $0) } ?? haystack.count - needle.count
            while index <= lastStart {
                guard let hit = memchr(base + index, Int32(first), lastStart - index + 1) else { return nil }
                let offset = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if memcmp(base + offset, needle, needle.count) == 0 { return offset }
                index = offset + 1
            }
            return nil
        }
    }
}

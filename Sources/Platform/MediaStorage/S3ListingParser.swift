import Foundation
import PlatformAPI

/// Reads the `ListBucketResult` document S3's `ListObjectsV2` answers with: each `<Contents>`'s
/// `<Key>` and `<LastModified>`, and `<NextContinuationToken>` when `<IsTruncated>` is `true`.
/// The document is flat and fixed (no attributes, CDATA or namespaces on these elements), so it is
/// read directly instead of linking an XML library (and libxml2) into the server; text is unescaped
/// as XML escapes it (`&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&#…;`). Anything else is nil.
enum S3ListingParser {
    static func parse(_ data: Data) -> MediaListing? {
        let text = String(decoding: data, as: UTF8.self)
        guard text.contains("<ListBucketResult") else { return nil }
        var objects: [MediaObject] = []
        for block in elements("Contents", in: text) {
            guard let key = elements("Key", in: block).first.flatMap(unescaped), let modified = elements("LastModified", in: block).first.flatMap(date) else {
                return nil
            }
            objects.append(MediaObject(key: key, modifiedAt: modified))
        }
        guard elements("IsTruncated", in: text).first == "true" else { return MediaListing(objects: objects, continuation: nil) }
        guard let next = elements("NextContinuationToken", in: text).first.flatMap(unescaped), !next.isEmpty else { return nil }
        return MediaListing(objects: objects, continuation: next)
    }

    /// The text of every `<name>…</name>` in `text`, in order.
    static func elements(_ name: String, in text: Substring) -> [Substring] {
        var found: [Substring] = []
        var rest = text[...]
        while let open = rest.range(of: "<\(name)>"), let close = rest.range(of: "</\(name)>", range: open.upperBound..<rest.endIndex) {
            found.append(rest[open.upperBound..<close.lowerBound])
            rest = rest[close.upperBound...]
        }
        return found
    }

    static func elements(_ name: String, in text: String) -> [Substring] { elements(name, in: text[...]) }

    /// XML character data with its entity and character references resolved; nil when one is not.
    static func unescaped(_ text: Substring) -> String? {
        guard text.contains("&") else { return String(text) }
        var result = ""
        var rest = text
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            guard let semicolon = rest[amp...].firstIndex(of: ";") else { return nil }
            let entity = rest[rest.index(after: amp)..<semicolon]
            switch entity {
            case "amp": result += "&"
            case "lt": result += "<"
            case "gt": result += ">"
            case "quot": result += "\""
            case "apos": result += "'"
            default:
                guard entity.hasPrefix("#") else { return nil }
                let digits = entity.dropFirst()
                let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
                guard let value, let scalar = Unicode.Scalar(value) else { return nil }
                result.unicodeScalars.append(scalar)
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }

    /// `2009-10-12T17:50:30.000Z`, with or without the fraction: the platform's one RFC 3339 parser.
    static func date(_ text: Substring) -> Date? {
        ISO8601.date(from: String(text))
    }
}

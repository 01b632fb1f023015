import Foundation

/// The version of a stored entity as HTTP preconditions carry it: its `updated_at` exactly as the
/// JSON shows it (UTC, milliseconds), quoted — `"2026-11-23T10:04:05.123Z"`. The server sends it as
/// `ETag` and checks `If-Match` on updates and deletes against it (412 when the entity changed
/// since); an offline client that only kept the entity's `updated_at` builds the same tag from it.
public struct EntityTag: Sendable, Hashable, CustomStringConvertible {
    /// The tag's text without quotes: the timestamp.
    public let version: String

    /// The tag of an entity last changed at `updatedAt`. A date the client decoded from the wire
    /// (`…05.123Z`) and the server's own stored instant (`…05.123456`) give the same tag.
    public init(updatedAt: Date) {
        let milliseconds = (updatedAt.timeIntervalSince1970 * 1000)
        // A decoded `.123` can land a hair below the millisecond (…122.99999); a stored instant is
        // cut to its millisecond, as the JSON encoder cuts it.
        let nearest = milliseconds.rounded()
        let exact = abs(milliseconds - nearest) < 0.001 ? nearest : milliseconds.rounded(.down)
        var bytes: [UInt8] = []
        ISO8601.append(milliseconds: Int64(exact), to: &bytes)
        version = String(decoding: bytes, as: UTF8.self)
    }

    /// `"<version>"`, as the `ETag` and `If-Match` headers carry it.
    public var description: String { "\"\(version)\"" }

    /// Whether an `If-Match` header value lets a change to this version through: `*`, or a list of
    /// tags (weak `W/` ones compared by their text too) one of which is this one. A header that is
    /// not a tag list matches nothing.
    public func isMatched(byIfMatch header: String) -> Bool {
        let trimmed = header.trimmingCharacters(in: .whitespaces)
        if trimmed == "*" { return true }
        for part in trimmed.split(separator: ",") {
            var tag = part.trimmingCharacters(in: .whitespaces)
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            guard tag.count >= 2, tag.hasPrefix("\""), tag.hasSuffix("\"") else { continue }
            if tag.dropFirst().dropLast() == version[...] { return true }
        }
        return false
    }
}

extension EntityTag {
    /// Whether an `If-Match` value is written as one: `*`, or a comma-separated list of quoted tags
    /// (`"…"` or weak `W/"…"`). One that is not (a tag without its quotes, an empty value) matches
    /// no version, and the client is told how to write it rather than to reload.
    public static func isTagList(_ header: String) -> Bool {
        let trimmed = header.trimmingCharacters(in: .whitespaces)
        if trimmed == "*" { return true }
        // Empty list elements are allowed, as HTTP's list syntax asks; at least one tag is not.
        let parts = trimmed.split(separator: ",").filter { !$0.allSatisfy(\.isWhitespace) }
        return !parts.isEmpty
            && parts.allSatisfy { part in
                var tag = part.trimmingCharacters(in: .whitespaces)
                if tag.hasPrefix("W/") { tag.removeFirst(2) }
                return tag.count >= 2 && tag.hasPrefix("\"") && tag.hasSuffix("\"")
            }
    }
}

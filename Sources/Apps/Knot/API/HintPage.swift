import Foundation

/// One page of hints, newest first, with the total; `nextCursor` (omitted on the last page) fetches the next.
public struct HintPage: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case hints, total, nextCursor = "next_cursor" }
    public var hints: [Hint]
    public var total: Int
    public var nextCursor: String?

    public init(hints: [Hint], total: Int, nextCursor: String?) {
        self.hints = hints
        self.total = total
        self.nextCursor = nextCursor
    }
}

extension HintPage: DirectJSONEncodable {
    public func writeJSON(to writer: inout JSONBytesWriter) {
        Self.writeHead(to: &writer)
        for hint in hints { hint.writeJSON(to: &writer) }
        Self.writeTail(total: total, nextCursor: nextCursor, to: &writer)
    }

    /// Everything before the first hint.
    static func writeHead(to writer: inout JSONBytesWriter) {
        writer.beginObject()
        writer.key("hints")
        writer.beginArray()
    }

    /// Everything after the last hint.
    static func writeTail(total: Int, nextCursor: String?, to writer: inout JSONBytesWriter) {
        writer.endArray()
        if let nextCursor {
            writer.key("next_cursor")
            writer.string(nextCursor)
        }
        writer.key("total")
        writer.integer(total)
        writer.endObject()
    }
}

import Foundation

/// A captured hint, as stored and as sent on the wire (`POST /hints` → 201, pages of `GET /hints`).
public struct Hint: Codable, Sendable, Equatable, Identifiable {
    enum CodingKeys: String, CodingKey { case id, hintText = "hint_text", source, isUsed = "is_used", createdAt = "created_at" }
    public var id: HintID
    public var hintText: String
    public var source: HintSource
    public var isUsed: Bool
    public var createdAt: Date

    public init(id: HintID, hintText: String, source: HintSource, isUsed: Bool, createdAt: Date) {
        self.id = id
        self.hintText = hintText
        self.source = source
        self.isUsed = isUsed
        self.createdAt = createdAt
    }
}

extension Hint: DirectJSONEncodable {
    public func writeJSON(to writer: inout JSONBytesWriter) {
        Self.writeJSON(createdAt: createdAt, isUsed: isUsed, source: source, to: &writer, id: { $0.uuid(id.uuid) }, hintText: { $0.string(hintText) })
    }

    /// A hint's JSON from its parts, the id and the text written by `id` and `hintText`: what
    /// ``writeJSON(to:)`` writes for a `Hint`, and what ``HintPageJSONWriter`` writes for a row read
    /// from the database.
    @inlinable
    public static func writeJSON(
        createdAt: Date, isUsed: Bool, source: HintSource, to writer: inout JSONBytesWriter, id: (inout JSONBytesWriter) -> Void,
        hintText: (inout JSONBytesWriter) -> Void
    ) {
        writer.beginObject()
        writer.key("created_at")
        writer.date(createdAt)
        writer.key("hint_text")
        hintText(&writer)
        writer.key("id")
        id(&writer)
        writer.key("is_used")
        writer.bool(isUsed)
        writer.key("source")
        writer.string(source.rawValue)
        writer.endObject()
    }
}

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

/// A hint with its similarity to a search query.
public struct ScoredHint: Codable, Sendable, Equatable, Identifiable {
    enum CodingKeys: String, CodingKey { case id, hintText = "hint_text", source, isUsed = "is_used", createdAt = "created_at", similarity }
    public var id: HintID
    public var hintText: String
    public var source: HintSource
    public var isUsed: Bool
    public var createdAt: Date
    public var similarity: Double

    public init(id: HintID, hintText: String, source: HintSource, isUsed: Bool, createdAt: Date, similarity: Double) {
        self.id = id
        self.hintText = hintText
        self.source = source
        self.isUsed = isUsed
        self.createdAt = createdAt
        self.similarity = similarity
    }
}

/// The answer of `GET /hints/search`: the query, the closest hints and which embedder ranked them.
public struct HintSearchResult: Codable, Sendable, Equatable {
    public var query: String
    public var hints: [ScoredHint]
    public var total: Int
    public var embedder: String

    public init(query: String, hints: [ScoredHint], total: Int, embedder: String) {
        self.query = query
        self.hints = hints
        self.total = total
        self.embedder = embedder
    }
}

/// The body of `POST /hints` as a client sends it.
public struct NewHint: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case hintText = "hint_text", source }
    public var hintText: String
    public var source: HintSource

    public init(hintText: String, source: HintSource = .textInput) {
        self.hintText = hintText
        self.source = source
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

/// A ``HintPage``'s JSON written while its rows are read from the database, without making `Hint`
/// values in between: the hint list is the read every client makes most (issue 13), and building
/// twenty hints (a `String` each) only to write them out and free them cost more than SQLite's own
/// work. It writes exactly what `HintPage.writeJSON` writes for the same hints: both share the
/// same pieces, and a test compares it with `JSONEncoder` for pages read from both databases.
public struct HintPageJSONWriter {
    @usableFromInline var writer = JSONBytesWriter()

    public init() {
        HintPage.writeHead(to: &writer)
    }

    /// Appends one hint, its text given as UTF-8 bytes (see `JSONBytesWriter.string(utf8:)`).
    @inlinable
    public mutating func append(id: UUID, createdAt: Date, isUsed: Bool, source: HintSource, hintText: UnsafeBufferPointer<UInt8>) {
        Hint.writeJSON(createdAt: createdAt, isUsed: isUsed, source: source, to: &writer, id: { $0.uuid(id) }, hintText: { $0.string(utf8: hintText) })
    }

    /// Appends one hint, its id given as canonical lower-case text (`ResultRow.withUUIDText`) and its
    /// text as UTF-8 bytes.
    @inlinable
    public mutating func append(idText: UnsafeBufferPointer<UInt8>, createdAt: Date, isUsed: Bool, source: HintSource, hintText: UnsafeBufferPointer<UInt8>) {
        Hint.writeJSON(
            createdAt: createdAt, isUsed: isUsed, source: source, to: &writer, id: { $0.uuid(lowercasedText: idText) }, hintText: { $0.string(utf8: hintText) })
    }

    /// The page's JSON, once every hint is appended.
    public consuming func finish(total: Int, nextCursor: String?) -> [UInt8] {
        HintPage.writeTail(total: total, nextCursor: nextCursor, to: &writer)
        return writer.bytes
    }
}

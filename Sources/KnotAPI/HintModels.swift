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
        writer.beginObject()
        writer.key("created_at")
        writer.date(createdAt)
        writer.key("hint_text")
        writer.string(hintText)
        writer.key("id")
        writer.uuid(id.uuid)
        writer.key("is_used")
        writer.bool(isUsed)
        writer.key("source")
        writer.string(source.rawValue)
        writer.endObject()
    }
}

extension HintPage: DirectJSONEncodable {
    public func writeJSON(to writer: inout JSONBytesWriter) {
        writer.beginObject()
        writer.key("hints")
        writer.array(hints)
        if let nextCursor {
            writer.key("next_cursor")
            writer.string(nextCursor)
        }
        writer.key("total")
        writer.integer(total)
        writer.endObject()
    }
}

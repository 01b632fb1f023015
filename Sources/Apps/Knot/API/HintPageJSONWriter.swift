import Foundation

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

import Foundation
import KnotAPI
import NIOCore
import Persistence
import PlatformCore
import SQLKit

/// A hint page's JSON, written as a statement hands over its rows (`limit + 1` at most: the one
/// past the page only says that another page follows, and where it starts).
struct HintPageRows {
    let limit: Int
    /// Writes the next page's cursor, bound to ``user``.
    let cursors: PageCursorSigner
    let user: UserID
    private var page = HintPageJSONWriter()
    private var written = 0
    private var last: (createdAt: Date, id: UUID)?
    private var next: String?

    init(limit: Int, cursors: PageCursorSigner, user: UserID) {
        self.limit = limit
        self.cursors = cursors
        self.user = user
    }

    /// Takes a row whose columns from `first` on are `id, hint_text, source, is_used, created_at`.
    /// The id is copied as text (``ResultRow/withUUIDText(_:_:)``); it is parsed only for the page's
    /// last place, the one a next page's cursor can start after.
    mutating func take(_ row: borrowing ResultRow, from first: Int) throws {
        guard written < limit else { return noteMore() }
        let createdAt = try row.date(first + 4)
        let source = try row.withText(first + 2, Self.source)
        let isUsed = try row.bool(first + 3)
        if written + 1 == limit { last = (createdAt, try row.uuid(first)) }
        try row.withUUIDText(first) { id in
            try row.withText(first + 1) { page.append(idText: id, createdAt: createdAt, isUsed: isUsed, source: source, hintText: $0) }
        }
        written += 1
    }

    /// Takes one hint of a batch's arrays (``HintPageBatch``).
    mutating func take(id: UUID, createdAt: Date, isUsed: Bool, source: ByteBuffer, hintText: ByteBuffer) {
        guard written < limit else { return noteMore() }
        let source = source.withUnsafeReadableBytes { Self.source($0.assumingMemoryBound(to: UInt8.self)) }
        hintText.withUnsafeReadableBytes { append(id: id, createdAt: createdAt, isUsed: isUsed, source: source, hintText: $0.assumingMemoryBound(to: UInt8.self)) }
    }

    private mutating func append(id: UUID, createdAt: Date, isUsed: Bool, source: HintSource, hintText: UnsafeBufferPointer<UInt8>) {
        page.append(id: id, createdAt: createdAt, isUsed: isUsed, source: source, hintText: hintText)
        written += 1
        last = (createdAt, id)
    }

    /// A row past the page: another page follows, starting after the last hint written.
    private mutating func noteMore() {
        next = last.map { cursors.encode(HintCursor(createdAt: $0.createdAt, id: $0.id), for: user.uuid) }
    }

    /// A stored source from its bytes; an unknown one reads as text input (every read of a hint uses this).
    static func source(_ text: UnsafeBufferPointer<UInt8>) -> HintSource {
        for source in HintSource.allCases {
            var raw = source.rawValue
            let same = raw.withUTF8 { raw in
                raw.count == text.count && (raw.isEmpty || memcmp(raw.baseAddress!, text.baseAddress!, raw.count) == 0)
            }
            if same { return source }
        }
        return .textInput
    }

    consuming func finish(total: Int) -> [UInt8] {
        page.finish(total: total, nextCursor: next)
    }
}

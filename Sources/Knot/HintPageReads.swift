import Foundation
import KnotAPI
import Persistence
import PlatformCore
import SQLKit

/// One request for a page of a user's hints (``HintRepository/listJSON(for:limit:cursor:offset:)``).
struct HintPageRequest: Sendable {
    let user: UserID
    let limit: Int
    let cursor: HintCursor?
    let offset: Int
}

/// A hint page's JSON, written as a statement hands over its rows (`limit + 1` at most: the one
/// past the page only says that another page follows, and where it starts).
struct HintPageRows {
    let limit: Int
    private var page = HintPageJSONWriter()
    private var written = 0
    private var last: (createdAt: Date, id: UUID)?
    private var next: String?

    init(limit: Int) { self.limit = limit }

    /// Takes a row whose columns from `first` on are `id, hint_text, source, is_used, created_at`.
    mutating func take(_ row: borrowing ResultRow, from first: Int) throws {
        guard written < limit else {
            next = last.map { HintCursor(createdAt: $0.createdAt, id: $0.id).encoded }
            return
        }
        let id = try row.uuid(first)
        let createdAt = try row.date(first + 4)
        // An unknown source reads as text input, as `HintRepository.hint(from:)` reads it.
        let source = try row.withText(first + 2) { text in HintSource.allCases.first { $0.rawValue.utf8.elementsEqual(text) } } ?? .textInput
        let isUsed = try row.bool(first + 3)
        try row.withText(first + 1) { page.append(id: id, createdAt: createdAt, isUsed: isUsed, source: source, hintText: $0) }
        written += 1
        last = (createdAt, id)
    }

    consuming func finish(total: Int) -> [UInt8] {
        page.finish(total: total, nextCursor: next)
    }
}

/// Many users' hint pages read with one PostgreSQL statement, for ``ReadCoalescer`` (issue 13): each
/// request is a row of `unnest(...)` over arrays of the requests' parameters, and a lateral subquery
/// per request reads exactly what ``HintRepository``'s one-user statement reads — the vault and its
/// total, the page by cursor or offset, `limit + 1` rows. A test holds the two to the same bytes.
enum HintPageBatch {
    /// Stands in for "no cursor" in the cursor arrays (`has_cursor` says which entries have one).
    static let noCursorID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

    /// Each request's page as JSON, nil for a user without a vault; a failure reading one request's
    /// rows is that request's alone.
    static func read(_ requests: [HintPageRequest], on db: any SQLDatabase) async throws -> [Result<[UInt8]?, any Error>] {
        var pages = requests.map { HintPageRows(limit: $0.limit) }
        var totals = [Int?](repeating: nil, count: requests.count)
        var failures = [(any Error)?](repeating: nil, count: requests.count)
        var current = -1
        try await db.forEachRow(
            """
            SELECT r.i, t.total, p.id, p.hint_text, p.source, p.is_used, p.created_at
            FROM unnest(\(bind: requests.map(\.user.uuid)), \(bind: requests.map { $0.limit + 1 }), \(bind: requests.map(\.offset)),
                    \(bind: requests.map { $0.cursor != nil }), \(bind: requests.map { $0.cursor?.id ?? noCursorID }),
                    \(bind: requests.map { $0.cursor?.createdAt ?? Date(timeIntervalSince1970: 0) }))
                WITH ORDINALITY AS r(user_id, lim, off, has_cursor, cursor_id, cursor_at, i)
            LEFT JOIN LATERAL (
                SELECT v.id AS vault_id, (SELECT COUNT(*) FROM hints c WHERE c.vault_id = v.id) AS total
                FROM partner_vaults v WHERE v.user_id = r.user_id
            ) t ON true
            LEFT JOIN LATERAL (
                SELECT h.id, h.hint_text, h.source, h.is_used, h.created_at FROM hints h
                WHERE h.vault_id = t.vault_id AND (NOT r.has_cursor
                    OR h.created_at < COALESCE((SELECT created_at FROM hints WHERE id = r.cursor_id), r.cursor_at)
                    OR (h.created_at = COALESCE((SELECT created_at FROM hints WHERE id = r.cursor_id), r.cursor_at) AND h.id < r.cursor_id))
                ORDER BY h.created_at DESC, h.id DESC LIMIT r.lim OFFSET r.off
            ) p ON true
            ORDER BY r.i, p.created_at DESC, p.id DESC
            """
        ) { row in
            let index = try row.int(0) - 1
            guard pages.indices.contains(index) else { throw HintPageBatchError.unknownRequest(index + 1) }
            guard failures[index] == nil else { return }
            do {
                if index != current {
                    current = index
                    totals[index] = try row.isNull(1) ? nil : row.int(1)
                }
                // A user without a vault, or a page past the last hint: no hint in the row.
                guard totals[index] != nil, !(try row.isNull(2)) else { return }
                try pages[index].take(row, from: 2)
            } catch {
                failures[index] = error
            }
        }
        var results: [Result<[UInt8]?, any Error>] = []
        results.reserveCapacity(requests.count)
        for index in requests.indices {
            if let failure = failures[index] {
                results.append(.failure(failure))
            } else {
                results.append(.success(totals[index].map { pages[index].finish(total: $0) }))
            }
        }
        return results
    }
}

/// The batch statement answered with a row for a request it was not given: a defect, not data.
enum HintPageBatchError: Error {
    case unknownRequest(Int)
}

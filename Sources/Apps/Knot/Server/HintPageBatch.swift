import Foundation
import KnotAPI
import NIOCore
import Persistence
import PlatformCore
import SQLKit

/// Many users' hint pages read with one PostgreSQL statement, for ``Coalescer`` (issue 13): each
/// request is a row of `unnest(...)` over arrays of the requests' parameters, and lateral subqueries
/// read for it exactly what ``HintRepository``'s one-user statement reads — the vault and its total,
/// the page by cursor or offset (a cursor placed by its hint's stored time, or by the time it
/// carries when that hint is gone), `limit + 1` hints — aggregated into one row of arrays per request,
/// in the page's order. A test holds each request's page to the one-user statement's bytes.
///
/// One row per request rather than one per hint: each row costs the server's driver and the backend
/// a fixed amount, and a page's hints arrive as one row's five arrays (the text read in place).
enum HintPageBatch {
    /// Stands in for "no cursor" in the cursor arrays (`has_cursor` says which entries have one).
    static let noCursorID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

    /// Each request's page as JSON, nil for a user without a vault; a failure reading one request's
    /// row is that request's alone.
    static func read(_ requests: [HintPageRequest], cursors: PageCursorSigner, on db: any SQLDatabase) async throws -> [Result<[UInt8]?, any Error>] {
        var results = [Result<[UInt8]?, any Error>?](repeating: nil, count: requests.count)
        try await db.forEachRow(
            """
            SELECT r.i, t.total, p.ids, p.texts, p.sources, p.used, p.created
            FROM unnest(\(bind: requests.map(\.user.uuid)), \(bind: requests.map { $0.limit + 1 }), \(bind: requests.map(\.offset)),
                    \(bind: requests.map { $0.cursor != nil }), \(bind: requests.map { $0.cursor?.id ?? noCursorID }),
                    \(bind: requests.map { $0.cursor?.createdAt ?? Date(timeIntervalSince1970: 0) }))
                WITH ORDINALITY AS r(user_id, lim, off, has_cursor, cursor_id, cursor_at, i)
            LEFT JOIN LATERAL (
                SELECT v.id AS vault_id, (SELECT COUNT(*) FROM hints c WHERE c.vault_id = v.id) AS total,
                    CASE WHEN r.has_cursor THEN COALESCE((SELECT created_at FROM hints WHERE id = r.cursor_id), r.cursor_at) END AS position
                FROM partner_vaults v WHERE v.user_id = r.user_id
            ) t ON true
            LEFT JOIN LATERAL (
                SELECT array_agg(h.id ORDER BY h.created_at DESC, h.id DESC) AS ids,
                    array_agg(h.hint_text ORDER BY h.created_at DESC, h.id DESC) AS texts,
                    array_agg(h.source ORDER BY h.created_at DESC, h.id DESC) AS sources,
                    array_agg(h.is_used ORDER BY h.created_at DESC, h.id DESC) AS used,
                    array_agg(h.created_at ORDER BY h.created_at DESC, h.id DESC) AS created
                FROM (
                    SELECT h.id, h.hint_text, h.source, h.is_used, h.created_at FROM hints h
                    WHERE h.vault_id = t.vault_id
                        AND (NOT r.has_cursor OR h.created_at < t.position OR (h.created_at = t.position AND h.id < r.cursor_id))
                    ORDER BY h.created_at DESC, h.id DESC LIMIT r.lim OFFSET r.off
                ) h
            ) p ON true
            ORDER BY r.i
            """
        ) { row in
            let index = try row.int(0) - 1
            guard results.indices.contains(index), results[index] == nil else { throw HintPageBatchError.unexpectedRow(index + 1) }
            results[index] = Result { try page(of: requests[index], cursors: cursors, from: row) }
        }
        return try results.enumerated().map { index, result in
            guard let result else { throw HintPageBatchError.missingRow(index + 1) }
            return result
        }
    }

    /// One request's page from its row: `total` (NULL without a vault), then the hints' arrays
    /// (NULL for an empty page).
    private static func page(of request: HintPageRequest, cursors: PageCursorSigner, from row: borrowing ResultRow) throws -> [UInt8]? {
        guard !(try row.isNull(1)) else { return nil }
        let total = try row.int(1)
        var page = HintPageRows(limit: request.limit, cursors: cursors, user: request.user)
        if let ids = try row.uuidArray(2) {
            let texts = try row.textArray(3) ?? []
            let sources = try row.textArray(4) ?? []
            let used = try row.boolArray(5) ?? []
            let created = try row.dateArray(6) ?? []
            guard texts.count == ids.count, sources.count == ids.count, used.count == ids.count, created.count == ids.count else {
                throw HintPageBatchError.unevenArrays
            }
            for index in ids.indices {
                page.take(id: ids[index], createdAt: created[index], isUsed: used[index], source: sources[index], hintText: texts[index])
            }
        }
        return page.finish(total: total)
    }
}

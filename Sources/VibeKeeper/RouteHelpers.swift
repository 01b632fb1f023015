import Auth
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Persistence
import PlatformCore
import VibeKeeperAPI

/// The paging of one of VibeKeeper's newest-first lists: `limit` (1–100, 50) and the opaque
/// `cursor` that the previous page's `X-Next-Cursor` header carried, which only this list and this
/// user can use (``PageCursorSigner``; any other cursor is a 422 naming `cursor`).
struct ListPaging: Sendable {
    let cursors: PageCursorSigner

    /// - Parameters:
    ///   - secret: the server secret the cursors are signed with.
    ///   - list: the list's name, so that one list's cursor is not another's.
    init(secret: Data, list: String) {
        cursors = PageCursorSigner(secret: secret, list: "vibekeeper.\(list)")
    }

    /// The page a request asks for.
    struct Query {
        var limit: Int
        var cursor: PageCursor?
    }

    func parse(_ query: FlatDictionary<Substring, Substring>, for user: UserID, _ v: inout Validator) -> Query {
        let limit = v.queryInteger(query.get("limit").map { String($0) }, "limit", default: VibeKeeperRules.defaultPageSize, range: 1...VibeKeeperRules.maxPageSize)
        var cursor: PageCursor?
        if let raw = query.get("cursor"), !raw.isEmpty {
            cursor = cursors.decode(raw, for: user.uuid)
            v.check(cursor != nil, "cursor", PageCursorSigner.refusal)
        }
        return Query(limit: limit, cursor: cursor)
    }

    /// The page's items (the seed's plain array), with `X-Next-Cursor` unless it is the last.
    func response<Item: Encodable & Sendable>(_ items: [Item], next: PageCursor?, for user: UserID) -> EditedResponse<[Item]> {
        var headers = HTTPFields()
        if let next { headers[GiftIdeasController.nextCursorHeader] = cursors.encode(next, for: user.uuid) }
        return EditedResponse(headers: headers, response: items)
    }
}

/// The user's time zone from their notification preferences; UTC when unset (relative dates in
/// captures, the 09:00 of reminders).
func userTimeZone(_ user: UserID, accounts: AccountRepository?) async throws -> TimeZone {
    guard let name = try await accounts?.preferences(of: user)?.timezone, let zone = TimeZone(identifier: name) else { return TimeZone(identifier: "UTC")! }
    return zone
}

import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Persistence
import PlatformCore

/// The paging of a newest-first list, one way for every app: the `limit` a ``PageQuery`` read (its
/// `PageSize` states the default and the maximum) and the opaque `cursor` a previous page handed
/// out, which only this list and this user can use (``PageCursorSigner``; any other cursor is a 422 naming `cursor`). A list answers
/// either as a plain array with the next page's cursor in `X-Next-Cursor`
/// (``response(_:next:for:)``), or in a page object of its own that carries ``nextCursor(_:for:)``.
public struct ListPaging: Sendable {
    /// The header carrying the next page's cursor (absent on the last page).
    public static let nextCursorHeader = HTTPField.Name("X-Next-Cursor")!

    public let cursors: PageCursorSigner

    /// - Parameter cursors: the list's cursor signer.
    public init(cursors: PageCursorSigner) {
        self.cursors = cursors
    }

    /// - Parameters:
    ///   - secret: the server secret the cursors are signed with.
    ///   - list: the list's name, unique across apps (`"<app>.things"`), so that one list's
    ///     cursor is not another's.
    public init(secret: Data, list: String) {
        self.init(cursors: PageCursorSigner(secret: secret, list: list))
    }

    /// The page a request asks for.
    public struct Query: Sendable, Equatable {
        public var limit: Int
        public var cursor: PageCursor?
    }

    /// The page a checked ``PageQuery`` asks for, a cursor not issued to `user` for this list
    /// recorded in `v` (`cursor`).
    public func page<Size: PageSize>(_ query: PageQuery<Size>, for user: UserID, _ v: inout Validator) -> Query {
        var cursor: PageCursor?
        if let raw = query.cursor {
            cursor = cursors.decode(raw, for: user.uuid)
            v.check(cursor != nil, "cursor", PageCursorSigner.refusal)
        }
        return Query(limit: query.limit, cursor: cursor)
    }

    /// The page a ``PageQuery`` as read asks for: a bad `limit` or a cursor not issued to `user`
    /// for this list is the 422 naming each.
    public func page<Size: PageSize>(_ reading: QueryReading<PageQuery<Size>>, for user: UserID) throws -> Query {
        try reading.checked { query, v in page(query, for: user, &v) }.get()
    }

    /// The opaque text of the cursor after `place`, for `user`.
    public func nextCursor(_ place: PageCursor, for user: UserID) -> String {
        cursors.encode(place, for: user.uuid)
    }

    /// The page's items as a plain array, with `X-Next-Cursor` unless it is the last.
    public func response<Item: Encodable & Sendable>(_ items: [Item], next: PageCursor?, for user: UserID) -> EditedResponse<[Item]> {
        var headers = HTTPFields()
        if let next { headers[Self.nextCursorHeader] = nextCursor(next, for: user) }
        return EditedResponse(headers: headers, response: items)
    }
}

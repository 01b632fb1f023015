import Auth
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Persistence
import PlatformCore
import VibeKeeperAPI

/// The `{id}` of a route as the typed ID it names; anything that is not one is `notFound`, exactly
/// as a missing (or another user's) object is.
func pathID<Entity>(_ context: AuthenticatedContext, as type: TypedID<Entity>.Type = TypedID<Entity>.self, notFound: APIError) throws -> TypedID<Entity> {
    guard let raw = context.parameters.get("id"), let id = TypedID<Entity>(raw) else { throw notFound }
    return id
}

/// The paging of VibeKeeper's newest-first lists: `limit` (1–100, 50) and the opaque `cursor`
/// that the previous page's `X-Next-Cursor` header carried.
struct PageQuery {
    var limit: Int
    var cursor: PageCursor?

    static func parse(_ query: FlatDictionary<Substring, Substring>, _ v: inout Validator) -> PageQuery {
        let limit = v.queryInteger(query.get("limit").map { String($0) }, "limit", default: VibeKeeperRules.defaultPageSize, range: 1...VibeKeeperRules.maxPageSize)
        var cursor: PageCursor?
        if let raw = query.get("cursor"), !raw.isEmpty {
            cursor = PageCursor(encoded: String(raw))
            v.check(cursor != nil, "cursor", "is not a cursor this server issued")
        }
        return PageQuery(limit: limit, cursor: cursor)
    }

    /// The page's ideas (the seed's plain array), with `X-Next-Cursor` unless it is the last.
    static func response(_ page: GiftIdeaRepository.Page) -> EditedResponse<[GiftIdea]> {
        var headers = HTTPFields()
        if let next = page.nextCursor { headers[GiftIdeasController.nextCursorHeader] = next.encoded }
        return EditedResponse(headers: headers, response: page.ideas)
    }
}

/// The user's time zone from their notification preferences; UTC when unset (relative dates in
/// captures, the 09:00 of reminders).
func userTimeZone(_ user: UserID, accounts: AccountRepository?) async throws -> TimeZone {
    guard let name = try await accounts?.preferences(of: user)?.timezone, let zone = TimeZone(identifier: name) else { return TimeZone(identifier: "UTC")! }
    return zone
}

import AppPlatform
import FareLensAPI
import Foundation
import Hummingbird
import PlatformCore

/// `GET/POST /watchlists`, `GET/PUT/DELETE /watchlists/{id}`: the caller's own watchlists (anyone
/// else's is the 404 a missing one is), checked against the shipped airports and the fare
/// currencies; one answers with its version (`ETag`), and a `PUT` or `DELETE` with `If-Match`
/// changes only that version (else 412).
public struct WatchlistsController: Sendable {
    let watchlists: WatchlistRepository
    let paging: ListPaging

    /// - Parameter cursorSecret: the server secret the list's cursors are signed with.
    public init(watchlists: WatchlistRepository, cursorSecret: Data) {
        self.watchlists = watchlists
        paging = ListPaging(secret: cursorSecret, list: "farelens.watchlists")
    }

    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        api.on(FareLensRoutes.watchlists, checkingFurther: list)
        api.on(FareLensRoutes.createWatchlist, edited: create)
        api.on(FareLensRoutes.watchlist, edited: read)
        api.on(FareLensRoutes.updateWatchlist, edited: update)
        api.on(FareLensRoutes.deleteWatchlist, use: delete)
    }

    @Sendable func list(
        _ request: Request, _ context: AuthenticatedContext, _: NoParameter, _ query: QueryReading<PageQuery<FareLensRoutes.ListPages>>
    ) async throws -> EditedResponse<FareLensList<Watchlist>> {
        let page = try paging.page(query, for: context.userID)
        let found = try await watchlists.page(for: context.userID, limit: page.limit, cursor: page.cursor)
        return paging.fareLensList(found.watchlists, next: found.next, for: context.userID)
    }

    @Sendable func create(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> EditedResponse<Watchlist> {
        let watchlist = try await watchlists.create(try await entry(request, context), for: context.userID)
        return tagged(watchlist, updatedAt: watchlist.updatedAt, status: .created)
    }

    @Sendable func read(_ request: Request, _ context: AuthenticatedContext, _ id: WatchlistID) async throws -> EditedResponse<Watchlist> {
        guard let watchlist = try await watchlists.find(id, for: context.userID) else { throw Self.notFound }
        return tagged(watchlist, updatedAt: watchlist.updatedAt)
    }

    @Sendable func update(_ request: Request, _ context: AuthenticatedContext, _ id: WatchlistID) async throws -> EditedResponse<Watchlist> {
        let entry = try await entry(request, context)
        guard let watchlist = try await watchlists.update(id, with: entry, for: context.userID, ifMatch: IfMatch(request, entity: Self.entity)) else {
            throw Self.notFound
        }
        return tagged(watchlist, updatedAt: watchlist.updatedAt)
    }

    @Sendable func delete(_ request: Request, _ context: AuthenticatedContext, _ id: WatchlistID) async throws -> NoContent {
        guard try await watchlists.delete(id, for: context.userID, ifMatch: IfMatch(request, entity: Self.entity)) else { throw Self.notFound }
        return NoContent()
    }

    /// The body, checked against the shipped airports and metro codes, the fare currencies and today (UTC).
    func entry(_ request: Request, _ context: AuthenticatedContext) async throws -> WatchlistInput.Entry {
        let input = try await request.decode(as: WatchlistInput.self, context: context)
        let catalog = watchlists.catalog
        return try WatchlistInput.check(
            input, today: LocalDate(watchlists.clock.now(), in: .gmt), currencies: Self.currencies,
            airports: { code in
                let airports = catalog.airports(for: code)
                return airports.isEmpty ? nil : Set(airports.map(\.iata))
            }
        ).get()
    }

    /// The currencies fares can be asked in.
    static let currencies = Set(FareCurrencyRates.perUSD.keys)
    /// What a 412's message calls a watchlist.
    static let entity = "watchlist"

    static var notFound: APIError { APIError.notFound(WatchlistID.notFoundName, code: WatchlistID.notFoundCode) }
}

extension Watchlist: ResponseEncodable {}

import FareLensAPI
import Hummingbird
import PlatformAPI
import PlatformCore

/// `GET /farelens/v1/watchlist/check?ids=a,b`: the caller's watchlists' checks, `{data: [...]}` in
/// the order asked; ids that are unknown or another user's come back `{id, found: false}`.
public struct WatchlistCheckController: Sendable {
    let checks: WatchlistChecks

    public init(checks: WatchlistChecks) { self.checks = checks }

    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        api.on(FareLensRoutes.watchlistCheck, use: check)
    }

    @Sendable func check(
        _ request: Request, _ context: AuthenticatedContext, _: NoParameter, _ query: WatchlistCheckQuery
    ) async throws -> FareLensList<WatchlistCheck> {
        FareLensList(data: try await checks.check(query.ids, for: context.userID))
    }
}

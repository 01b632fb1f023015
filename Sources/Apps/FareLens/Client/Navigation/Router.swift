import Foundation
import Observation

/// The app's coordinator (docs/farelens.md, "SDK and CLI"): the navigation stack as data, so views hold no navigation logic and
/// deep links land in one place. A SwiftUI `NavigationStack(path:)` binds to ``path``.
@MainActor
@Observable
public final class Router {
    /// The screens (docs/farelens.md, "SDK and CLI"), with the two a deep link needs: a deal known only by its id, and a search
    /// with its fields filled in.
    public enum Route: Hashable, Sendable {
        case dealDetail(Deal)
        /// A deal opened from a link: the detail screen loads it by id.
        case dealLink(DealID)
        case search
        case prefilledSearch(SearchPrefill)
        /// Edit a watchlist; nil creates one.
        case watchlistEditor(Watchlist?)
        case settings

        // Deals and watchlists are Equatable only: hashed by id, consistent with ==.
        public func hash(into hasher: inout Hasher) {
            switch self {
            case .dealDetail(let deal): hasher.combine(0); hasher.combine(deal.id)
            case .dealLink(let id): hasher.combine(1); hasher.combine(id)
            case .search: hasher.combine(2)
            case .prefilledSearch(let prefill): hasher.combine(3); hasher.combine(prefill)
            case .watchlistEditor(let watchlist): hasher.combine(4); hasher.combine(watchlist?.id)
            case .settings: hasher.combine(5)
            }
        }
    }

    public var path: [Route] = []

    public init() {}

    public func navigate(to route: Route) { path.append(route) }

    /// Goes back one screen (nothing at the root).
    public func pop() {
        if !path.isEmpty { path.removeLast() }
    }

    public func popToRoot() { path.removeAll() }

    /// Opens a deep link on top of the root; false (and nothing changes) when it is not one.
    @discardableResult
    public func open(_ url: URL) -> Bool {
        guard let route = DeepLink.route(for: url) else { return false }
        path = [route]
        return true
    }
}

import Foundation
import Observation

/// Opening the app through a recommendation link (docs/knot.md, "Client SDK and `knot` CLI"): the link is parsed into a
/// ``KnotDeepLink``, the recommendation is fetched (`GET /recommendations/{id}`), and the state says
/// what the detail screen shows — straight away, without the Home screen first. A link that is not a
/// Knot link, or whose ID is not valid, is a graceful error that sends no request.
@MainActor
@Observable
public final class RecommendationLinkViewModel {
    /// What the link leads to.
    public enum State: Sendable, Equatable {
        case idle
        /// The link cannot be opened; nothing was requested.
        case invalidLink(String)
        case loading(RecommendationID)
        case loaded(Recommendation)
        /// The server has no such recommendation for this account (deleted, or someone else's).
        case notFound(RecommendationID)
        /// The request failed (offline, server error); ``retry()`` tries again.
        case failed(RecommendationID, String)
        /// A reminder's link: the app shows that milestone's recommendations.
        case milestone(MilestoneID)
    }

    public private(set) var state: State = .idle

    let api: KnotAPIClient

    public init(api: KnotAPIClient) { self.api = api }

    /// The recommendation on screen, once loaded.
    public var recommendation: Recommendation? {
        if case .loaded(let recommendation) = state { recommendation } else { nil }
    }

    /// Opens `url` (from `onOpenURL` or a user activity's `webpageURL`).
    public func open(_ url: URL) async {
        switch KnotDeepLink.parse(url) {
        case .success(let route): await open(route)
        case .failure(let error): state = .invalidLink(Self.explain(error))
        }
    }

    /// Opens pasted or shared text as a link.
    public func open(text: String) async {
        switch KnotDeepLink.parse(text) {
        case .success(let route): await open(route)
        case .failure(let error): state = .invalidLink(Self.explain(error))
        }
    }

    /// Opens a parsed route.
    public func open(_ route: KnotDeepLink) async {
        switch route {
        case .recommendation(let id): await load(id)
        case .milestoneRecommendations(let id): state = .milestone(id)
        }
    }

    /// Tries a failed load again.
    public func retry() async {
        if case .failed(let id, _) = state { await load(id) }
    }

    private func load(_ id: RecommendationID) async {
        state = .loading(id)
        do {
            state = .loaded(try await api.send(KnotRoutes.recommendation, id))
        } catch KnotError.notFound {
            state = .notFound(id)
        } catch {
            state = .failed(id, ScreenText.message(error))
        }
    }

    static func explain(_ error: KnotDeepLink.ParseError) -> String {
        switch error {
        case .notAKnotLink: "This link doesn't open anything in Knot."
        case .invalidID: "This recommendation link is broken or incomplete."
        }
    }
}

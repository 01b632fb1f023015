import Foundation

/// A link into the Knot app, parsed into a typed route (docs/knot.md, "Client SDK and `knot` CLI"). The shapes are the ones
/// the server hands out:
/// - `https://<host>/knot/recommendation/<uuid>?sig=…` — a shared recommendation's universal link
///   (``KnotRoutes/recommendationPage(_:)``; the server's apple-app-site-association claims
///   `/knot/recommendation/*`), and the same in the app's own scheme, `knot://recommendation/<uuid>`;
/// - `knot://milestones/<uuid>/recommendations` — the `deep_link` of a milestone reminder's push.
public enum KnotDeepLink: Sendable, Equatable, Hashable {
    case recommendation(RecommendationID)
    case milestoneRecommendations(MilestoneID)

    /// The app's own URL scheme (the scheme of the reminders' `deep_link`).
    public static let scheme = "knot"

    /// Why a link is not a route.
    public enum ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        /// Not a link the app opens (another site, another path, another scheme).
        case notAKnotLink(String)
        /// A Knot link whose ID is not a UUID.
        case invalidID(String)

        public var description: String {
            switch self {
            case .notAKnotLink(let link): "\(link) is not a Knot recommendation link (…/knot/recommendation/<id>)."
            case .invalidID(let id): "“\(id)” is not a valid recommendation ID."
            }
        }
    }

    /// The route `url` opens, or why it opens none. Universal links are accepted from any host (the
    /// operating system only hands the app links of hosts its association file lists).
    public static func parse(_ url: URL) -> Result<KnotDeepLink, ParseError> {
        let text = url.absoluteString
        let segments: [String]
        switch (url.scheme ?? "").lowercased() {
        case "http", "https":
            guard url.host != nil else { return .failure(.notAKnotLink(text)) }
            segments = url.path.split(separator: "/").map(String.init)
            // /knot/recommendation/<id>
            guard segments.count == 3, "/" + segments[0] == AppID.knot.pathPrefix, segments[1] == "recommendation" else { return .failure(.notAKnotLink(text)) }
            return recommendation(segments[2])
        case scheme:
            segments = ([url.host ?? ""] + url.path.split(separator: "/").map(String.init)).filter { !$0.isEmpty }
            if segments.count == 2, segments[0] == "recommendation" { return recommendation(segments[1]) }
            if segments.count == 3, segments[0] == "milestones", segments[2] == "recommendations" {
                guard let id = MilestoneID(segments[1]) else { return .failure(.invalidID(segments[1])) }
                return .success(.milestoneRecommendations(id))
            }
            return .failure(.notAKnotLink(text))
        default:
            return .failure(.notAKnotLink(text))
        }
    }

    /// ``parse(_:)`` for text (a pasted link; surrounding spaces are ignored).
    public static func parse(_ text: String) -> Result<KnotDeepLink, ParseError> {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let url = URL(string: trimmed), url.scheme != nil else { return .failure(.notAKnotLink(trimmed)) }
        return parse(url)
    }

    private static func recommendation(_ raw: String) -> Result<KnotDeepLink, ParseError> {
        guard let id = RecommendationID(raw.removingPercentEncoding ?? raw) else { return .failure(.invalidID(raw)) }
        return .success(.recommendation(id))
    }

    /// The universal link of a recommendation on the server at `baseURL` (unsigned: it opens the
    /// app, while the web page shows the item only with the server's signature).
    public static func universalLink(for id: RecommendationID, baseURL: URL) -> URL {
        URL(string: KnotRoutes.recommendationPage.endpoint(Unchecked(id)).path, relativeTo: baseURL)!.absoluteURL
    }
}

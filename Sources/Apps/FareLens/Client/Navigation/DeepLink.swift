import Foundation

/// The app's deep links, read strictly (links arrive from anywhere: mail, web pages, other apps):
/// `farelens://deal/{uuid}`, `farelens://search?origin=LAX&destination=JFK&date=2027-03-01` (each
/// parameter optional, codes three letters, the date a real `YYYY-MM-DD`, none given twice; others
/// ignored), `farelens://watchlists/new` and `farelens://settings`. Anything else — another scheme,
/// user, password or port, extra path segments, a malformed value, a link over 2,048 bytes — is nil.
/// No web host serves universal links (docs/farelens.md, "SDK and CLI"), so https links are nil too.
public enum DeepLink {
    public static let scheme = "farelens"
    /// The longest link read.
    public static let maxLength = 2048

    public static func route(for url: URL) -> Router.Route? {
        guard url.absoluteString.utf8.count <= maxLength, let parts = URLComponents(url: url, resolvingAgainstBaseURL: false),
            parts.scheme?.lowercased() == scheme, parts.user == nil, parts.password == nil, parts.port == nil, parts.fragment == nil,
            let host = parts.host?.lowercased()
        else { return nil }
        let segments = parts.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        let path = parts.path.isEmpty ? [] : segments
        switch (host, path) {
        case ("deal", let path) where path.count == 1:
            return DealID(path[0]).map(Router.Route.dealLink)
        case ("search", []), ("search", [""]):
            return search(parts.queryItems ?? []).map(Router.Route.prefilledSearch)
        case ("watchlists", ["new"]):
            return parts.query == nil ? .watchlistEditor(nil) : nil
        case ("settings", []), ("settings", [""]):
            return parts.query == nil ? .settings : nil
        default:
            return nil
        }
    }

    static func search(_ items: [URLQueryItem]) -> SearchPrefill? {
        var seen = Set<String>()
        var prefill = SearchPrefill()
        for item in items where ["origin", "destination", "date"].contains(item.name) {
            guard seen.insert(item.name).inserted, let value = item.value, !value.isEmpty else { return nil }
            switch item.name {
            case "date":
                guard value.utf8.allSatisfy({ $0 == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                    let date = LocalDate(parsing: value)
                else { return nil }
                prefill.departureDate = date
            default:
                let code = value.uppercased()
                guard code.utf8.count == 3, code.utf8.allSatisfy({ (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) else { return nil }
                if item.name == "origin" { prefill.origin = code } else { prefill.destination = code }
            }
        }
        if let origin = prefill.origin, origin == prefill.destination { return nil }
        return prefill
    }
}

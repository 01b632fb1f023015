/// The four apps this server hosts. An account belongs to exactly one of them and its tokens carry
/// the app as audience, so a token minted for one app is worthless on another app's routes.
public enum AppID: String, CaseIterable, Sendable, Codable, Hashable {
    case knot
    case vibekeeper
    case zia
    case farelens

    /// The path prefix every route of this app lives under, e.g. `/knot`.
    public var pathPrefix: String { "/\(rawValue)" }
}

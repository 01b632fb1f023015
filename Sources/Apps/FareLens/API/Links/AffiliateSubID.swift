import Foundation
import PlatformAPI

/// The attribution sub id (docs/farelens.md, "Affiliate links and clicks"),
/// `ios-fl-{dealId}-{wl}-{placement}-{ab}-{tier}`: which deal, which
/// watchlist (`origin_dest` in lower case, or `none`), where, which A/B arm and which tier a click came
/// from. A dash inside the deal id or the watchlist is written `%2D` (and a percent sign `%25`), so
/// the text always splits on "-" into its eight parts and ``parse(_:)`` gives the fields back.
public struct AffiliateSubID: Sendable, Equatable, CustomStringConvertible {
    public static let prefix = "ios-fl"
    /// The watchlist field when no watchlist matches.
    public static let noWatchlist = "none"

    public var dealID: String
    /// `origin_dest` in lower case (``watchlist(origin:destination:)``), or nil for `none`.
    public var watchlist: String?
    public var placement: AffiliatePlacement
    public var variant: AffiliateVariant
    public var tier: FareLensTier

    public init(dealID: String, watchlist: String?, placement: AffiliatePlacement, variant: AffiliateVariant, tier: FareLensTier) {
        self.dealID = dealID
        self.watchlist = watchlist
        self.placement = placement
        self.variant = variant
        self.tier = tier
    }

    /// The `wl` field of a watchlist on `origin` → `destination`: `sfo_lax`.
    public static func watchlist(origin: String, destination: String) -> String {
        "\(origin.lowercased())_\(destination.lowercased())"
    }

    public var description: String {
        [Self.prefix, Self.escape(dealID), Self.escape(watchlist ?? Self.noWatchlist), placement.rawValue, variant.rawValue, tier.rawValue]
            .joined(separator: "-")
    }

    /// The fields of a sub id this type wrote; nil for any other text.
    public static func parse(_ text: String) -> AffiliateSubID? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 7, parts[0] + "-" + parts[1] == prefix, let deal = unescape(parts[2]), !deal.isEmpty, let wl = unescape(parts[3]),
            let placement = AffiliatePlacement(rawValue: parts[4]), let variant = AffiliateVariant(rawValue: parts[5]),
            let tier = FareLensTier(rawValue: parts[6])
        else { return nil }
        return AffiliateSubID(dealID: deal, watchlist: wl == noWatchlist ? nil : wl, placement: placement, variant: variant, tier: tier)
    }

    static func escape(_ field: String) -> String {
        field.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "-", with: "%2D")
    }

    /// The field before ``escape(_:)``; nil when a percent sign starts anything but `%25` or `%2D`.
    static func unescape(_ field: String) -> String? {
        var result = ""
        var rest = Substring(field)
        while let index = rest.firstIndex(of: "%") {
            result += rest[..<index]
            let code = rest[index...].prefix(3)
            switch code {
            case "%25": result += "%"
            case "%2D": result += "-"
            default: return nil
            }
            rest = rest[index...].dropFirst(3)
        }
        return result + rest
    }
}

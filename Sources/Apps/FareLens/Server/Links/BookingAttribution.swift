import FareLensAPI
import Foundation
import PlatformCore

/// Who a booking link is attributed to, read once per answer: the caller's tier, stable A/B arm and
/// active watchlists. Search offers (``SearchBookingLinks``) and a deal's links (Affiliate/) build
/// their sub ids through it, so both put the same caller into the same schema.
struct BookingAttribution: Sendable {
    let tier: FareLensTier
    let variant: AffiliateVariant
    let watchlists: [WatchlistCriteria]

    static func of(_ user: UserID, accounts: FareLensAccountRepository, watchlists: WatchlistRepository) async throws -> BookingAttribution {
        BookingAttribution(
            tier: try await accounts.account(for: user).tier, variant: AffiliateVariant.assigned(to: user.uuid),
            watchlists: try await watchlists.activeCriteria(for: user))
    }

    /// The sub id of a link to `deal` (whose id is `dealID`) shown at `placement`: `wl` names the
    /// first matching active watchlist, oldest first.
    func subID(dealID: String, for deal: some QueueableDeal, placement: AffiliatePlacement) -> AffiliateSubID {
        let watched = watchlists.first { $0.matches(deal, metros: MetroCodes.standard) }
        return AffiliateSubID(
            dealID: dealID, watchlist: watched.map { AffiliateSubID.watchlist(origin: $0.origin, destination: $0.destination) }, placement: placement,
            variant: variant, tier: tier)
    }

    /// Whether a sub id a client sends back (with a click) is one this caller's links carry: their own
    /// A/B arm and, when it names a watchlist, one of their active watchlists. The tier is not
    /// compared (it may change between the link and the click).
    func issued(_ subID: AffiliateSubID) -> Bool {
        guard subID.variant == variant else { return false }
        guard let named = subID.watchlist else { return true }
        return watchlists.contains { AffiliateSubID.watchlist(origin: $0.origin, destination: $0.destination) == named }
    }

    /// The airline `code` with its name from the shipped table, else `fallbackName`, else the code.
    static func airline(_ code: String, fallbackName: String? = nil) -> BookingLinkComposer.Airline? {
        guard !code.isEmpty else { return nil }
        return BookingLinkComposer.Airline(code: code, name: AirlineTable.airline(code)?.name ?? fallbackName ?? code)
    }
}

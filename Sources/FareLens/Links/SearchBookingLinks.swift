import FareLensAPI
import Foundation
import PlatformCore

/// Puts the caller's booking links on every offer of a search answer (issue 35: composed alongside,
/// not in a second round trip), after the cache, so the cache stays the same for every user: the
/// caller's tier, A/B arm and first matching active watchlist go into each link's sub id, with
/// placement `dealcard` and the offer's id as the deal id. One account read and one watchlist read
/// per answer.
public struct SearchBookingLinks: Sendable {
    let composer: BookingLinkComposer
    let accounts: FareLensAccountRepository
    let watchlists: WatchlistRepository

    public init(composer: BookingLinkComposer, accounts: FareLensAccountRepository, watchlists: WatchlistRepository) {
        self.composer = composer
        self.accounts = accounts
        self.watchlists = watchlists
    }

    /// `response` with `booking_links` on each offer, for `user`.
    public func attach(to response: FlightOffersResponse, query: FlightSearchQuery, for user: UserID) async throws -> FlightOffersResponse {
        guard !response.data.isEmpty else { return response }
        let tier = try await accounts.account(for: user).tier
        let criteria = try await watchlists.activeCriteria(for: user)
        let variant = AffiliateVariant.assigned(to: user.uuid)
        var linked = response
        for index in linked.data.indices {
            let offer = linked.data[index]
            let fare = PriceObserver.fare(of: offer, query: query, source: response.meta?.source ?? .cache, observedAt: Date(timeIntervalSince1970: 0))
            let watched = criteria.first { $0.matches(SearchedFare(fare: fare, dealScore: offer.dealScore ?? 0), metros: MetroCodes.standard) }
            let subID = AffiliateSubID(
                dealID: offer.id, watchlist: watched.map { AffiliateSubID.watchlist(origin: $0.origin, destination: $0.destination) }, placement: .dealcard,
                variant: variant, tier: tier)
            let trip = BookingTrip(
                origin: fare.origin, destination: fare.destination, departureDate: query.departureDate, returnDate: query.returnDate, adults: query.adults,
                children: query.children, infants: query.infants, cabin: query.travelClass)
            linked.data[index].bookingLinks = composer.links(for: trip, airline: Self.airline(fare.airline, in: response), subID: subID)
        }
        return linked
    }

    /// The offer's airline with its name from the shipped table, else the answer's dictionary.
    static func airline(_ code: String, in response: FlightOffersResponse) -> BookingLinkComposer.Airline? {
        guard !code.isEmpty else { return nil }
        return BookingLinkComposer.Airline(code: code, name: AirlineTable.airline(code)?.name ?? response.dictionaries?.carriers?[code] ?? code)
    }
}

/// A searched offer as the smart queue's watchlist match reads a deal.
struct SearchedFare: QueueableDeal {
    let fare: PriceObservation
    let dealScore: Int

    var origin: String { fare.origin }
    var destination: String { fare.destination }
    var departureDate: LocalDate { fare.departureDate }
    var priceCents: Int { fare.priceCents }
}

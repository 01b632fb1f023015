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
        let attribution = try await BookingAttribution.of(user, accounts: accounts, watchlists: watchlists)
        var linked = response
        for index in linked.data.indices {
            let offer = linked.data[index]
            let fare = PriceObserver.fare(of: offer, query: query, source: response.meta?.source ?? .cache, observedAt: Date(timeIntervalSince1970: 0))
            let subID = attribution.subID(dealID: offer.id, for: SearchedFare(fare: fare, dealScore: offer.dealScore ?? 0), placement: .dealcard)
            let trip = BookingTrip(
                origin: fare.origin, destination: fare.destination, departureDate: query.departureDate, returnDate: query.returnDate, adults: query.adults,
                children: query.children, infants: query.infants, cabin: query.travelClass)
            linked.data[index].bookingLinks = composer.links(for: trip, airline: Self.airline(fare.airline, in: response), subID: subID)
        }
        return linked
    }

    /// The offer's airline with its name from the shipped table, else the answer's dictionary.
    static func airline(_ code: String, in response: FlightOffersResponse) -> BookingLinkComposer.Airline? {
        BookingAttribution.airline(code, fallbackName: response.dictionaries?.carriers?[code])
    }
}

import FareLens
import FareLensAPI
import Foundation
import PlatformAPI
import PlatformCore
import TestSupport
import Testing

/// Booking links on every offer of `GET /farelens/v2/shopping/flight-offers`, through the HTTP API on
/// both databases: composed for the caller after the cache (tier, watchlist, A/B arm in the sub id).
@Suite("FareLens search booking links API", .timeLimit(.minutes(3)))
struct SearchBookingLinksAPITests {
    /// The sub ids of every link of every offer, each checked to parse with the offer's id as the deal id.
    static func subIDs(_ response: APIResponse) throws -> [AffiliateSubID] {
        #expect(response.status == .ok, "\(response.text)")
        let offers = try response.decode(FlightOffersResponse.self).data
        #expect(!offers.isEmpty)
        return try offers.flatMap { offer in
            let links = try #require(offer.bookingLinks)
            #expect(links.map(\.provider).suffix(2) == ["aviasales", "wayaway"])
            return try links.map { link in
                let value = try #require(URLComponents(string: link.url)?.queryItems?.first { $0.name == "sub_id" }?.value)
                #expect(link.url.hasPrefix("https://tp.media/r?campaign_id=100&marker=676763&sub_id="))
                let subID = try #require(AffiliateSubID.parse(value), "\(value)")
                #expect(subID.dealID == offer.id && subID.placement == .dealcard)
                #expect(link.cta == subID.variant.callToAction(link.label))
                return subID
            }
        }
    }

    static func variant(_ user: SignedIn) throws -> AffiliateVariant { AffiliateVariant.assigned(to: try #require(UUID(uuidString: user.userID))) }

    @Test(
        "a Free user's links say none and free; after a watchlist on the route jfk_lax; after dev/tier pro, pro; a cache hit carries the caller's links",
        arguments: TestDatabase.allCases)
    func linksFollowTheCaller(_ database: TestDatabase) async throws {
        let clock = TestClock()
        try await SearchAPITests.withSearchServer(database, clock: clock) { client, _ in
            let user = try await client.signIn(app: "farelens")
            let path = SearchAPITests.path("JFK", "LAX", clock: clock)
            let variant = try Self.variant(user)
            let first = try Self.subIDs(try await client.send(.get, path, token: user.accessToken))
            #expect(first.allSatisfy { $0.watchlist == nil && $0.tier == .free && $0.variant == variant })
            #expect(first.first.map { $0.description.hasSuffix("-none-dealcard-\(variant.rawValue)-free") } == true)

            let watchlist = try await client.send(.post, FareLensRoutes.watchlists.endpoint.path, token: user.accessToken, json: ["origin": "JFK", "destination": "LAX"])
            #expect(watchlist.status == .created, "\(watchlist.text)")
            let watched = try await client.send(.get, path, token: user.accessToken)
            #expect(try watched.decode(FlightOffersResponse.self).meta?.source == .cache)
            #expect(try Self.subIDs(watched).allSatisfy { $0.description.contains("-jfk_lax-dealcard-") && $0.tier == .free })

            let tier = try await client.send(.post, FareLensRoutes.setDevTier.endpoint.path, token: user.accessToken, json: ["tier": "pro"])
            #expect(tier.status == .ok, "\(tier.text)")
            let pro = try Self.subIDs(try await client.send(.get, path, token: user.accessToken))
            #expect(pro.allSatisfy { $0.description.hasSuffix("-jfk_lax-dealcard-\(variant.rawValue)-pro") })

            // Another user's cache hit: their own links (no watchlist, free), not the first user's.
            let other = try await client.signIn(app: "farelens")
            let hit = try await client.send(.get, path, token: other.accessToken)
            #expect(try hit.decode(FlightOffersResponse.self).meta?.source == .cache)
            let otherVariant = try Self.variant(other)
            #expect(try Self.subIDs(hit).allSatisfy { $0.description.hasSuffix("-none-dealcard-\(otherVariant.rawValue)-free") })
        }
    }

    @Test("every airline of the shipped table has a booking site")
    func everyAirlineHasASite() {
        for airline in AirlineTable.all { #expect(AirlineSites.site(airline.code) != nil, "\(airline.code)") }
    }

    @Test("FARELENS_AFFILIATE_MARKER and FARELENS_AFFILIATE_CAMPAIGN_ID set the links' attribution; anything but digits stops the server")
    func settings() throws {
        func read(_ environment: [String: String]) throws -> BookingLinkComposer {
            try AffiliateLinkSettings(settings: Settings.layered(overrides: [:], environment: environment).scoped(to: .farelens)).composer
        }
        #expect(try read([:]) == BookingLinkComposer(marker: "676763", campaignID: "100"))
        #expect(try read(["FARELENS_AFFILIATE_MARKER": "123", "FARELENS_AFFILIATE_CAMPAIGN_ID": "200"]) == BookingLinkComposer(marker: "123", campaignID: "200"))
        #expect(throws: ConfigurationInvalid.self) { try read(["FARELENS_AFFILIATE_MARKER": "12&u=evil"]) }
        #expect(throws: ConfigurationInvalid.self) { try read(["FARELENS_AFFILIATE_CAMPAIGN_ID": "12a"]) }
    }
}

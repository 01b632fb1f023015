import FareLensAPI
import Foundation
import PlatformAPI
import Testing

/// The booking links' pure parts (FareLensAPI/Links): the seed's sub id schema, its escapes, the A/B
/// arm, the tracked URL and its three targets.
@Suite("FareLens booking links")
struct BookingLinkTests {
    static let trip = BookingTrip(origin: "SFO", destination: "LAX", departureDate: LocalDate(year: 2026, month: 4, day: 5))
    static let subID = AffiliateSubID(dealID: "abc123", watchlist: "sfo_lax", placement: .dealcard, variant: .variantA, tier: .free)

    @Test("the seed's example sub id, and none without a watchlist")
    func seedExample() {
        #expect(Self.subID.description == "ios-fl-abc123-sfo_lax-dealcard-variantA-free")
        #expect(AffiliateSubID.watchlist(origin: "SFO", destination: "LAX") == "sfo_lax")
        let plain = AffiliateSubID(dealID: "42", watchlist: nil, placement: .widget, variant: .variantB, tier: .pro)
        #expect(plain.description == "ios-fl-42-none-widget-variantB-pro")
        #expect(AffiliateSubID.parse(plain.description) == plain)
        #expect(AffiliateSubID.parse(Self.subID.description) == Self.subID)
    }

    @Test("dashes (and percent signs) inside ids are escaped, so a UUID id splits into six fields and parses back")
    func escapes() throws {
        let uuid = UUID().uuidString.lowercased()
        let id = AffiliateSubID(dealID: uuid, watchlist: "a-b%c", placement: .glasssheet, variant: .variantB, tier: .pro)
        let text = id.description
        #expect(text.split(separator: "-").count == 7)
        #expect(text.hasPrefix("ios-fl-" + uuid.replacingOccurrences(of: "-", with: "%2D") + "-a%2Db%25c-glasssheet-"))
        #expect(AffiliateSubID.parse(text) == id)
        for bad in ["ios-fl-x-none-dealcard-variantA", "ios-fl-x-none-banner-variantA-free", "ios-fl-x%2-none-dealcard-variantA-free", "web-fl-x-none-dealcard-variantA-free"] {
            #expect(AffiliateSubID.parse(bad) == nil, "\(bad)")
        }
    }

    @Test("the A/B arm is stable per user and both arms occur; each arm's call to action")
    func variants() {
        let users = (0..<64).map { _ in UUID() }
        for user in users { #expect(AffiliateVariant.assigned(to: user) == AffiliateVariant.assigned(to: UUID(uuid: user.uuid))) }
        #expect(Set(users.map(AffiliateVariant.assigned(to:))) == [.variantA, .variantB])
        let fixed = UUID(uuidString: "00000000-0000-0000-0000-000000000000")!
        let bytes = [UInt8](repeating: 0, count: 16)
        #expect(AffiliateVariant.assigned(to: fixed) == (FNV1a.hash(bytes) % 2 == 0 ? .variantA : .variantB))
        #expect(AffiliateVariant.variantA.callToAction("Aviasales") == "Book on Aviasales")
        #expect(AffiliateVariant.variantB.callToAction("Aviasales") == "View on Aviasales")
    }

    @Test("three links: the airline's site, Aviasales, WayAway, each tracked through tp.media with u percent-encoded")
    func links() throws {
        let composer = BookingLinkComposer()
        let links = composer.links(for: Self.trip, airline: .init(code: "UA", name: "United Airlines"), subID: Self.subID)
        #expect(links.map(\.provider) == ["airline", "aviasales", "wayaway"])
        #expect(links.map(\.label) == ["United Airlines", "Aviasales", "WayAway"])
        #expect(links.map(\.cta) == ["Book on United Airlines", "Book on Aviasales", "Book on WayAway"])
        #expect(
            links[1].url
                == "https://tp.media/r?campaign_id=100&marker=676763&sub_id=ios-fl-abc123-sfo_lax-dealcard-variantA-free&u=https%3A%2F%2Fwww.aviasales.com%2Fsearch%2FSFO0504LAX1"
        )
        #expect(links[0].url.hasSuffix("&u=https%3A%2F%2Fwww.united.com"))
        let wayAway = try #require(URLComponents(string: links[2].url)?.queryItems?.first { $0.name == "u" }?.value)
        #expect(
            wayAway
                == "https://wayaway.io/search?origin_iata=SFO&destination_iata=LAX&depart_date=2026-04-05&oneway=1&adults=1&children=0&infants=0&trip_class=0&with_request=true"
        )
        let items = try #require(URLComponents(string: links[1].url)?.queryItems)
        #expect(items.map(\.name) == ["campaign_id", "marker", "sub_id", "u"])
        #expect(items.last?.value == "https://www.aviasales.com/search/SFO0504LAX1")

        let escaped = AffiliateSubID(dealID: "a-1", watchlist: nil, placement: .dealcard, variant: .variantB, tier: .pro)
        let configured = BookingLinkComposer(marker: "123", campaignID: "200").links(for: Self.trip, airline: nil, subID: escaped)
        #expect(configured.first?.url.hasPrefix("https://tp.media/r?campaign_id=200&marker=123&sub_id=ios-fl-a%252D1-none-dealcard-variantB-pro&u=") == true)
        #expect(configured.map(\.cta) == ["View on Aviasales", "View on WayAway"])
    }

    @Test("an unknown airline gets no airline link; a round trip's return and the cabin reach both search URLs")
    func unknownAirlineAndRoundTrip() {
        let composer = BookingLinkComposer()
        #expect(composer.links(for: Self.trip, airline: .init(code: "ZZ", name: "Nowhere Air"), subID: Self.subID).map(\.provider) == ["aviasales", "wayaway"])
        var trip = Self.trip
        trip.returnDate = LocalDate(year: 2026, month: 4, day: 12)
        trip.adults = 2
        trip.cabin = .business
        #expect(BookingLinkComposer.aviasalesSearch(trip) == "https://www.aviasales.com/search/SFO0504LAX12042")
        let wayAway = BookingLinkComposer.wayAwaySearch(trip)
        #expect(wayAway.contains("&return_date=2026-04-12&oneway=0&adults=2&") && wayAway.contains("&trip_class=1&"))
        #expect(AirlineSites.site("ua") == "https://www.united.com")
    }
}

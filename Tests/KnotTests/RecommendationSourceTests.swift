import Foundation
import Hummingbird
import KnotTestSupport
import PlatformCore
import TestSupport
import Testing

@testable import Knot

/// Fakes of Yelp Fusion and Ticketmaster Discovery on 127.0.0.1, answering in their real JSON shapes.
final class FakeSources: Sendable {
    let requests = LockedValue<[(path: String, query: String, authorization: String?)]>([])
    let throttleFirst = LockedValue(0)
    let failAll = LockedValue(false)
    let port = LockedValue(0)

    func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.get("v3/businesses/search") { request, _ -> Response in try self.answer(request, body: Self.yelp) }
        router.get("discovery/v2/events.json") { request, _ -> Response in try self.answer(request, body: Self.ticketmaster) }
        // The venues' own pages, so link checks succeed without the internet.
        router.head("biz/:id") { _, _ in Response(status: .ok) }
        return router
    }

    func answer(_ request: Request, body: String) throws -> Response {
        requests.withLock { $0.append((request.uri.path, request.uri.query ?? "", request.headers[.authorization])) }
        if failAll.value { return Response(status: .internalServerError) }
        if throttleFirst.withLock({ count -> Bool in
            if count > 0 { count -= 1; return true }; return false
        }) {
            return Response(status: .tooManyRequests, headers: [.retryAfter: "1"])
        }
        let local = body.replacingOccurrences(of: "https://www.yelp.com", with: "http://127.0.0.1:\(port.value)")
        return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: local)))
    }

    static let yelp = """
        {"businesses":[
          {"id":"b1","name":"Le Petit Bistro","url":"https://www.yelp.com/biz/le-petit-bistro","image_url":"https://s3-media.fl.yelpcdn.com/b1.jpg",
           "price":"$$$","rating":4.5,"categories":[{"alias":"french","title":"French"},{"alias":"wine_bars","title":"Wine Bars"}],
           "location":{"city":"Austin","country":"US"}},
          {"id":"b2","name":"Barton Creek Kayaks","url":"https://www.yelp.com/biz/barton-creek-kayaks","image_url":"https://s3-media.fl.yelpcdn.com/b2.jpg",
           "price":"$$","rating":4.8,"categories":[{"alias":"kayaking","title":"Kayaking"}],"location":{"city":"Austin","country":"US"}},
          {"id":"b3","name":"No Price Spa","url":"https://www.yelp.com/biz/np","categories":[{"alias":"spas","title":"Spas"}],"location":{"city":"Austin"}}
        ],"total":3}
        """

    static let ticketmaster = """
        {"_embedded":{"events":[
          {"id":"e1","name":"Jazz at the Paramount","url":"https://www.ticketmaster.com/event/e1","dates":{"start":{"localDate":"2026-12-05"},"status":{"code":"onsale"}},
           "priceRanges":[{"type":"standard","currency":"USD","min":40.0,"max":120.0}],
           "images":[{"ratio":"4_3","url":"https://s1.ticketm.net/small.jpg","width":305},{"ratio":"16_9","url":"https://s1.ticketm.net/big.jpg","width":1024}],
           "_embedded":{"venues":[{"name":"Paramount Theatre","city":{"name":"Austin"}}]}},
          {"id":"e2","name":"Sold Out Show","url":"https://www.ticketmaster.com/event/e2","dates":{"status":{"code":"offsale"}}},
          {"id":"e3","name":"London Touring Musical","url":"https://www.ticketmaster.com/event/e3","dates":{"status":{"code":"OnSale"}},
           "priceRanges":[{"currency":"GBP","min":60.0}],"_embedded":{"venues":[{"name":"Moody Center","city":{"name":"Austin"}}]}}
        ]}}
        """
}

@Suite("External recommendation sources against fakes speaking their wire formats", .timeLimit(.minutes(3)))
struct RecommendationSourceTests {
    static let request = SourceRequest(
        interests: ["Concerts", "Theater", "Cooking"], vibes: [.romantic, .outdoorsy], city: "Austin", state: "TX", country: "US", currency: "USD", budgetMin: 5000,
        budgetMax: 15000, occasion: .minorOccasion)

    @Test("Yelp: bearer key, vibe categories, price filter; $ levels become cents, dinners become dates")
    func yelp() async throws {
        let fake = FakeSources()
        try await withLocalHTTPServer(fake.router(), label: "yelp") { port in
            let source = YelpSource(apiKey: "yelp-key", baseURL: "http://127.0.0.1:\(port)", http: SourceHTTP(sleep: { _ in }))
            let candidates = try await source.candidates(for: Self.request)
            let sent = try #require(fake.requests.value.first)
            #expect(sent.authorization == "Bearer yelp-key")
            #expect(sent.query.contains("categories=dancestudio,french,hiking,kayaking,parks,wine_bars"))
            #expect(sent.query.contains("price=2,3"))
            #expect(sent.query.contains("location=Austin,%20TX,%20US") || sent.query.contains("location=Austin,+TX,+US"))
            #expect(candidates.map(\.title) == ["Le Petit Bistro", "Barton Creek Kayaks", "No Price Spa"])
            #expect(candidates[0].type == .date && candidates[0].priceCents == 12000 && candidates[0].matchedVibe == .romantic)
            #expect(candidates[1].type == .experience && candidates[1].priceCents == 6000 && candidates[1].matchedVibe == .outdoorsy)
            #expect(candidates[2].priceCents == nil, "no price level: passes budget filters")
            #expect(candidates.allSatisfy { $0.source == .yelp && $0.currency == "USD" && $0.city == "Austin" })
        }
        #expect(YelpSource.priceFilter(min: 2000, max: 5000) == "1,2")
        #expect(YelpSource.priceFilter(min: 20000, max: 50000) == "4")
    }

    @Test("Ticketmaster: apikey parameter, classifications from interests, onsale only, midpoint prices, event currency")
    func ticketmaster() async throws {
        let fake = FakeSources()
        try await withLocalHTTPServer(fake.router(), label: "ticketmaster") { port in
            let source = TicketmasterSource(
                apiKey: "tm-key", baseURL: "http://127.0.0.1:\(port)", http: SourceHTTP(sleep: { _ in }), now: { Date(timeIntervalSince1970: 1_795_000_000) })
            let candidates = try await source.candidates(for: Self.request)
            let sent = try #require(fake.requests.value.first)
            #expect(sent.query.contains("apikey=tm-key") && sent.authorization == nil)
            #expect(sent.query.contains("classificationName=Arts%20%26%20Theatre,Music") || sent.query.contains("classificationName=Arts+%26+Theatre,Music"))
            #expect(sent.query.contains("countryCode=US") && sent.query.contains("city=Austin"))
            #expect(candidates.map(\.title) == ["Jazz at the Paramount", "London Touring Musical"], "offsale events are dropped")
            #expect(candidates[0].priceCents == 8000 && candidates[0].currency == "USD")
            #expect(candidates[0].imageURL == "https://s1.ticketm.net/big.jpg", "16:9 ≥ 640 px preferred")
            #expect(candidates[0].merchant == "Paramount Theatre" && candidates[0].type == .experience)
            #expect(candidates[1].priceCents == 6000 && candidates[1].currency == "GBP")
        }
    }

    @Test("429 is retried with backoff; a failing source throws so the aggregator can tell it from an empty one")
    func backoffAndFailure() async throws {
        let fake = FakeSources()
        fake.throttleFirst.value = 2
        let sleeps = LockedValue<[Duration]>([])
        try await withLocalHTTPServer(fake.router(), label: "yelp") { port in
            let source = YelpSource(apiKey: "k", baseURL: "http://127.0.0.1:\(port)", http: SourceHTTP(sleep: { d in sleeps.withLock { $0.append(d) } }))
            let found = try await source.candidates(for: Self.request)
            #expect(found.count == 3)
            #expect(sleeps.value == [.seconds(1), .seconds(1)], "Retry-After is honoured")
            fake.failAll.value = true
            await #expect(throws: SourceHTTP.Failure.self) { try await source.candidates(for: Self.request) }
        }
    }

    @Test("with Yelp configured, generate mixes its venues with the catalog", arguments: TestDatabase.allCases)
    func generateUsesConfiguredSources(_ database: TestDatabase) async throws {
        let fake = FakeSources()
        try await withLocalHTTPServer(fake.router(), label: "yelp") { port in
            fake.port.value = port
            try await withServer(
                database,
                configure: {
                    $0.appOverrides["KNOT_YELP_API_KEY"] = "k"; $0.appOverrides["KNOT_YELP_BASE_URL"] = "http://127.0.0.1:\(port)"
                }
            ) { client, _ in
                let user = try await client.signIn()
                var payload = validVaultPayload()
                payload["dislikes"] = ["Gaming", "Sports", "Karaoke", "Shopping", "Cars"]
                _ = try await client.send(.post, "/knot/api/v1/vault", token: user.accessToken, json: payload)
                var sources = Set<String>()
                for _ in 0..<4 {
                    let picks =
                        try await client.send(.post, "/knot/api/v1/recommendations/generate", token: user.accessToken, json: ["occasion_type": "minor_occasion"]).json[
                            "recommendations"] as? [[String: Any]] ?? []
                    sources.formUnion(picks.compactMap { $0["source"] as? String })
                }
                #expect(sources.contains("yelp"), "\(sources)")
                #expect(fake.requests.value.count >= 1)
            }
        }
    }
}

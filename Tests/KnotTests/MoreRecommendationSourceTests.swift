import AIProviders
import AWSSigning
import Foundation
import Hummingbird
import KnotAPI
import KnotTestSupport
import PlatformCore
import TestSupport
import Testing

@testable import Knot

/// One request a fake received: method, path, query, headers (lower-cased names) and body.
struct RecordedRequest: Sendable {
    var method: String
    var path: String
    var query: String
    var headers: [String: String]
    var body: Data

    var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
    var queryItems: [String: String] {
        Dictionary((URLComponents(string: "http://x/?" + query)?.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
    }
}

/// A fake third-party API on 127.0.0.1: records every request, can answer 429 a few times first
/// (with or without `Retry-After`), and otherwise answers what `respond` computes from the request.
final class FakeAPI: Sendable {
    let requests = LockedValue<[RecordedRequest]>([])
    let throttleFirst = LockedValue(0)
    let retryAfter = LockedValue<String?>(nil)
    /// What the throttled answers are: 429 by default, 503 for services that signal overload so.
    let throttleStatus = LockedValue<HTTPResponse.Status>(.tooManyRequests)
    let respond: @Sendable (RecordedRequest) -> (status: HTTPResponse.Status, body: String)

    init(respond: @escaping @Sendable (RecordedRequest) -> (status: HTTPResponse.Status, body: String)) {
        self.respond = respond
    }

    func handle(_ request: Request) async throws -> Response {
        let body = try await request.body.collect(upTo: 1 << 20)
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.canonicalName] = field.value }
        // HTTP types carry Host as the :authority pseudo-header.
        if let authority = request.head.authority { headers["host"] = authority }
        let recorded = RecordedRequest(
            method: request.method.rawValue, path: request.uri.path, query: request.uri.query ?? "", headers: headers, body: Data(body.readableBytesView))
        requests.withLock { $0.append(recorded) }
        if throttleFirst.withLock({ count -> Bool in
            if count > 0 { count -= 1; return true }; return false
        }) {
            var fields = HTTPFields()
            if let after = retryAfter.value { fields[.retryAfter] = after }
            return Response(status: throttleStatus.value, headers: fields)
        }
        let (status, text) = respond(recorded)
        return Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    func router(post paths: [String] = [], get getPaths: [String] = []) -> Router<BasicRequestContext> {
        let router = Router()
        for path in paths { router.post(RouterPath(path)) { request, _ in try await self.handle(request) } }
        for path in getPaths { router.get(RouterPath(path)) { request, _ in try await self.handle(request) } }
        return router
    }
}

/// A language model that answers a fixed text and remembers what it was asked.
final class ScriptedModel: LanguageModel, Sendable {
    let provider = "scripted"
    let model = "scripted-1"
    let answer: String
    let asked = LockedValue<[CompletionRequest]>([])

    init(answer: String) { self.answer = answer }

    func complete(_ request: CompletionRequest) async throws -> Completion {
        asked.withLock { $0.append(request) }
        return Completion(text: answer, usage: TokenUsage(inputTokens: 10, outputTokens: 10), model: model, finishReason: "stop")
    }

    func stream(_ request: CompletionRequest) -> AsyncThrowingStream<CompletionEvent, any Error> { streamWhole(request) }
}

struct NoUsage: UsageRecorder {
    func record(_ record: ModelCallRecord) async {}
}

@Suite("Amazon, Shopify, reservations, Firecrawl and web search sources against fakes of their wire formats", .timeLimit(.minutes(3)))
struct MoreRecommendationSourceTests {
    static let request = SourceRequest(
        interests: ["Gardening", "Cooking", "Museums"], vibes: [.romantic, .outdoorsy], city: "Austin", state: "TX", country: "US", currency: "USD", budgetMin: 2000,
        budgetMax: 10000, occasion: .minorOccasion)
    static let secret = "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"

    // MARK: AWS SigV4

    @Test("SigV4 reproduces AWS's published test vectors (signing key, get-vanilla, IAM ListUsers)")
    func sigV4Vectors() {
        #expect(
            AWSSigV4.hex(AWSSigV4.signingKey(secret: Self.secret, day: "20120215", region: "us-east-1", service: "iam"))
                == "f4780e2d9f65fa895f9c67b32ce1baf0b0d8a43505a000a1a9e090d414db404d")
        let vanilla = AWSSigV4(accessKey: "AKIDEXAMPLE", secretKey: Self.secret, region: "us-east-1", service: "service")
        let signed = vanilla.sign(method: "GET", path: "/", headers: ["Host": "example.amazonaws.com"], payload: Data(), date: Date(timeIntervalSince1970: 1_440_938_160))
        #expect(signed.first { $0.0 == "x-amz-date" }?.1 == "20150830T123600Z")
        #expect(
            signed.first { $0.0 == "authorization" }?.1
                == "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31"
        )
        let iam = AWSSigV4(accessKey: "AKIDEXAMPLE", secretKey: Self.secret, region: "us-east-1", service: "iam")
        let headers = ["content-type": "application/x-www-form-urlencoded; charset=utf-8", "host": "iam.amazonaws.com", "x-amz-date": "20150830T123600Z"]
        let canonical = AWSSigV4.canonicalRequest(method: "GET", path: "/", query: "Version=2010-05-08&Action=ListUsers", headers: headers, payload: Data())
        #expect(AWSSigV4.sha256Hex(Data(canonical.utf8)) == "f536975d06c0309214f805bb90ccff089219ecd68b2577efef23edd43b7e1a59")
        #expect(
            iam.authorizationHeader(method: "GET", path: "/", query: "Action=ListUsers&Version=2010-05-08", headers: headers, payload: Data(), amzDate: "20150830T123600Z")
                .hasSuffix("Signature=5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7"))
    }

    // MARK: Amazon

    static let amazonItems = """
        {"SearchResult":{"TotalResultCount":3,"SearchURL":"https://www.amazon.com/s?k=Gardening+gifts&tag=knot-20","Items":[
          {"ASIN":"B000GARDEN","DetailPageURL":"https://www.amazon.com/dp/B000GARDEN",
           "Images":{"Primary":{"Large":{"URL":"https://m.media-amazon.com/images/I/garden.jpg","Height":500,"Width":500}}},
           "ItemInfo":{"Title":{"DisplayValue":"Heirloom Seed Vault, 32 Varieties","Label":"Title","Locale":"en_US"},
                       "ByLineInfo":{"Brand":{"DisplayValue":"Seed Co","Label":"Brand","Locale":"en_US"}},
                       "Features":{"DisplayValues":["32 non-GMO heirloom vegetable varieties in a waterproof tin."]}},
           "Offers":{"Listings":[{"Id":"l1","Price":{"Amount":29.99,"Currency":"USD","DisplayAmount":"$29.99"}}]}},
          {"ASIN":"B000KNEEL","DetailPageURL":"https://www.amazon.com/dp/B000KNEEL?psc=1&tag=someone-else-20",
           "ItemInfo":{"Title":{"DisplayValue":"Garden Kneeler and Seat"}},
           "Offers":{"Listings":[{"Price":{"Amount":45.5,"Currency":"USD"}}]}},
          {"ASIN":"B000NOPRICE","DetailPageURL":"https://www.amazon.com/dp/B000NOPRICE","ItemInfo":{"Title":{"DisplayValue":"Pruning Shears"}}}
        ]}}
        """

    static func amazonFake() -> FakeAPI {
        FakeAPI { request in
            (request.json["SearchIndex"] as? String) == "GardenAndOutdoor"
                ? (.ok, amazonItems)
                : (.ok, #"{"Errors":[{"__type":"com.amazon.paapi5#ErrorData","Code":"NoResults","Message":"No results found for your request."}]}"#)
        }
    }

    /// Recomputes the signature of what the fake received, as Amazon would.
    static func verifySignature(_ sent: RecordedRequest) -> Bool {
        guard let authorization = sent.headers["authorization"], let amzDate = sent.headers["x-amz-date"] else { return false }
        let signedNames = ["content-encoding", "host", "x-amz-date", "x-amz-target"]
        let headers = Dictionary(uniqueKeysWithValues: signedNames.map { ($0, sent.headers[$0] ?? "") })
        let expected = AWSSigV4(accessKey: "AKIDEXAMPLE", secretKey: secret, region: "us-east-1", service: "ProductAdvertisingAPI")
            .authorizationHeader(method: sent.method, path: sent.path, query: sent.query, headers: headers, payload: sent.body, amzDate: amzDate)
        return authorization == expected
    }

    @Test("Amazon PA-API 5: signed SearchItems POST, interest → search index, budget in cents, prices to cents, affiliate tag on every URL")
    func amazon() async throws {
        let fake = Self.amazonFake()
        try await withLocalHTTPServer(fake.router(post: ["paapi5/searchitems"]), label: "amazon") { port in
            let source = AmazonSource(
                accessKey: "AKIDEXAMPLE", secretKey: Self.secret, partnerTag: "knot-20", baseURL: "http://127.0.0.1:\(port)", region: "us-east-1", marketplace: "www.amazon.com",
                http: SourceHTTP(sleep: { _ in }), now: { Date(timeIntervalSince1970: 1_795_618_800) })
            let candidates = try await source.candidates(for: Self.request)
            let sent = fake.requests.value
            #expect(sent.count == 2, "one SearchItems call per interest, two interests")
            let first = try #require(sent.first)
            #expect(first.method == "POST" && first.path == "/paapi5/searchitems")
            #expect(first.headers["content-encoding"] == "amz-1.0")
            #expect(first.headers["content-type"] == "application/json; charset=utf-8")
            #expect(first.headers["x-amz-target"] == "com.amazon.paapi5.v1.ProductAdvertisingAPIv1.SearchItems")
            #expect(first.headers["host"] == "127.0.0.1:\(port)")
            #expect(first.headers["x-amz-date"] == "20261125T150000Z")
            #expect(
                first.headers["authorization"]?.hasPrefix(
                    "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20261125/us-east-1/ProductAdvertisingAPI/aws4_request, SignedHeaders=content-encoding;host;x-amz-date;x-amz-target, Signature="
                ) == true)
            #expect(sent.allSatisfy(Self.verifySignature), "the signature covers exactly the bytes and headers sent")
            let body = first.json
            #expect(body["Keywords"] as? String == "Gardening gifts" && body["SearchIndex"] as? String == "GardenAndOutdoor")
            #expect(body["PartnerTag"] as? String == "knot-20" && body["PartnerType"] as? String == "Associates" && body["Marketplace"] as? String == "www.amazon.com")
            #expect(body["MinPrice"] as? Int == 2000 && body["MaxPrice"] as? Int == 10000)
            #expect((body["Resources"] as? [String] ?? []).contains("Offers.Listings.Price"))
            #expect(sent[1].json["SearchIndex"] as? String == "HomeAndKitchen", "Cooking → HomeAndKitchen; its NoResults answer is empty, not a failure")

            #expect(candidates.map(\.title) == ["Heirloom Seed Vault, 32 Varieties", "Garden Kneeler and Seat", "Pruning Shears"])
            #expect(candidates.map(\.priceCents) == [2999, 4550, nil])
            #expect(candidates[0].externalURL == "https://www.amazon.com/dp/B000GARDEN?tag=knot-20")
            #expect(candidates[1].externalURL == "https://www.amazon.com/dp/B000KNEEL?psc=1&tag=knot-20", "another tag is replaced")
            #expect(candidates.allSatisfy { ($0.externalURL ?? "").contains("tag=knot-20") })
            #expect(candidates[0].imageURL == "https://m.media-amazon.com/images/I/garden.jpg" && candidates[0].merchant == "Seed Co")
            #expect(candidates.allSatisfy { $0.source == .amazon && $0.type == .gift && $0.currency == "USD" && $0.matchedInterest == "Gardening" })
        }
        #expect(KnotCatalog.interestCategories.allSatisfy { AmazonSource.interestSearchIndex[$0] != nil }, "all 40 interests mapped")
        #expect(AmazonSource.searchIndex(for: "Unknown") == "All")
    }

    @Test("Amazon: 429 is retried with exponential backoff and each attempt is signed afresh; errors throw")
    func amazonBackoff() async throws {
        let fake = Self.amazonFake()
        fake.throttleFirst.value = 2
        let sleeps = LockedValue<[Duration]>([])
        let clock = LockedValue(1_795_618_800.0)
        try await withLocalHTTPServer(fake.router(post: ["paapi5/searchitems"]), label: "amazon") { port in
            let source = AmazonSource(
                accessKey: "AKIDEXAMPLE", secretKey: Self.secret, partnerTag: "knot-20", baseURL: "http://127.0.0.1:\(port)", region: "us-east-1", marketplace: "www.amazon.com",
                http: SourceHTTP(sleep: { d in sleeps.withLock { $0.append(d) } }),
                now: {
                    clock.withLock {
                        $0 += 1; return Date(timeIntervalSince1970: $0)
                    }
                }
            )
            let one = SourceRequest(interests: ["Gardening"], vibes: [], city: nil, state: nil, country: "US", currency: "USD", budgetMin: 0, budgetMax: 0, occasion: .justBecause)
            let found = try await source.candidates(for: one)
            #expect(found.count == 3)
            #expect(sleeps.value == [.seconds(1), .seconds(2)])
            let sent = fake.requests.value
            #expect(sent.count == 3 && Set(sent.compactMap { $0.headers["x-amz-date"] }).count == 3, "a new x-amz-date per attempt")
            #expect(sent.allSatisfy(Self.verifySignature))
            #expect(sent[0].json["MinPrice"] == nil, "no budget, no price filter")
        }
        // PA-API also answers 503 when throttling; that is retried the same way.
        let unavailable = Self.amazonFake()
        unavailable.throttleFirst.value = 1
        unavailable.throttleStatus.value = .serviceUnavailable
        let unavailableSleeps = LockedValue<[Duration]>([])
        try await withLocalHTTPServer(unavailable.router(post: ["paapi5/searchitems"]), label: "amazon") { port in
            let source = AmazonSource(
                accessKey: "AKIDEXAMPLE", secretKey: Self.secret, partnerTag: "knot-20", baseURL: "http://127.0.0.1:\(port)", region: "us-east-1", marketplace: "www.amazon.com",
                http: SourceHTTP(sleep: { d in unavailableSleeps.withLock { $0.append(d) } }), now: { Date() }
            )
            let found = try await source.candidates(
                for: SourceRequest(interests: ["Gardening"], vibes: [], city: nil, state: nil, country: "US", currency: "USD", budgetMin: 0, budgetMax: 0, occasion: .justBecause))
            #expect(found.count == 3)
            #expect(unavailableSleeps.value == [.seconds(1)])
        }
        let broken = FakeAPI { _ in (.ok, #"{"Errors":[{"Code":"InvalidSignature","Message":"The request has not been correctly signed."}]}"#) }
        try await withLocalHTTPServer(broken.router(post: ["paapi5/searchitems"]), label: "amazon") { port in
            let source = AmazonSource(
                accessKey: "A", secretKey: "S", partnerTag: "t", baseURL: "http://127.0.0.1:\(port)", region: "us-east-1", marketplace: "www.amazon.com",
                http: SourceHTTP(sleep: { _ in }), now: { Date() })
            await #expect(throws: SourceHTTP.Failure.self) { try await source.candidates(for: Self.request) }
        }
    }

    @Test("an absurd Retry-After (infinite, an hour) fails the source at once instead of stalling the request")
    func untrustedRetryAfter() async throws {
        for header in ["inf", "nan", "3600", "-5"] {
            let fake = Self.amazonFake()
            fake.throttleFirst.value = 1
            fake.retryAfter.value = header
            let sleeps = LockedValue<[Duration]>([])
            try await withLocalHTTPServer(fake.router(post: ["paapi5/searchitems"]), label: "amazon") { port in
                let source = AmazonSource(
                    accessKey: "AKIDEXAMPLE", secretKey: Self.secret, partnerTag: "knot-20", baseURL: "http://127.0.0.1:\(port)", region: "us-east-1",
                    marketplace: "www.amazon.com",
                    http: SourceHTTP(sleep: { d in sleeps.withLock { $0.append(d) } }), now: { Date() }
                )
                await #expect(throws: SourceHTTP.Failure.self, "Retry-After: \(header)") { try await source.candidates(for: Self.request) }
                #expect(sleeps.value.isEmpty, "Retry-After: \(header)")
            }
        }
    }

    @Test("prices become minor units of their own currency: cents for USD, whole yen for JPY, fils for KWD")
    func minorUnits() {
        #expect(MoneyCents.cents("24.5", currency: "USD") == 2450)
        #expect(MoneyCents.cents("0.29", currency: "CAD") == 29)
        #expect(MoneyCents.cents("5000", currency: "JPY") == 5000, "the client formats 5000 JPY as ¥5,000")
        #expect(MoneyCents.cents(NSNumber(value: 1.2345), currency: "KWD") == 1235)
        #expect(MoneyCents.cents("-1", currency: "USD") == nil)
        #expect(CurrencyUnits.plainText(5000, currency: "JPY") == "JPY 5000" && CurrencyUnits.plainText(2450, currency: "USD") == "USD 24.50", "the share page")
    }

    // MARK: Shopify

    static let shopifyProducts = """
        {"data":{"products":{"edges":[
          {"node":{"id":"gid://shopify/Product/1","title":"Terracotta Herb Planter","handle":"herb-planter","description":"Hand-thrown planter for a kitchen windowsill garden.",
                   "vendor":"Clay & Leaf","productType":"Planters","onlineStoreUrl":"https://clayandleaf.com/products/herb-planter","availableForSale":true,
                   "featuredImage":{"url":"https://cdn.shopify.com/s/files/1/planter.jpg"},"priceRange":{"minVariantPrice":{"amount":"24.5","currencyCode":"CAD"}}}},
          {"node":{"id":"gid://shopify/Product/2","title":"Sold Out Trowel","handle":"trowel","description":"","vendor":"Clay & Leaf","productType":"Tools",
                   "onlineStoreUrl":null,"availableForSale":false,"featuredImage":null,"priceRange":{"minVariantPrice":{"amount":"15.0","currencyCode":"CAD"}}}},
          {"node":{"id":"gid://shopify/Product/3","title":"Copper Cookware Set","handle":"copper-set","description":"Five pieces.","vendor":"Forge","productType":"Cookware",
                   "onlineStoreUrl":null,"availableForSale":true,"featuredImage":null,"priceRange":{"minVariantPrice":{"amount":"0.29","currencyCode":"CAD"}}}}
        ]}}}
        """

    @Test("Shopify Storefront: token header, products(first:, query:) from interests, unavailable dropped, decimal strings to cents, handle URL fallback")
    func shopify() async throws {
        let fake = FakeAPI { _ in (.ok, Self.shopifyProducts) }
        fake.throttleFirst.value = 2
        let sleeps = LockedValue<[Duration]>([])
        try await withLocalHTTPServer(fake.router(post: ["api/2025-01/graphql.json"]), label: "shopify") { port in
            let source = ShopifySource(
                storefrontToken: "sf-token", storeDomain: " http://127.0.0.1:\(port)/ ", apiVersion: "2025-01", http: SourceHTTP(sleep: { d in sleeps.withLock { $0.append(d) } }))
            let candidates = try await source.candidates(for: Self.request)
            #expect(sleeps.value == [.seconds(1), .seconds(2)], "429 without Retry-After: 1 s, then 2 s")
            let sent = try #require(fake.requests.value.last)
            #expect(sent.method == "POST" && sent.path == "/api/2025-01/graphql.json")
            #expect(sent.headers["x-shopify-storefront-access-token"] == "sf-token")
            #expect(sent.headers["content-type"] == "application/json")
            let query = sent.json["query"] as? String ?? ""
            #expect(
                query.contains("products(first: $first, query: $query)") && query.contains("minVariantPrice { amount currencyCode }") && query.contains("featuredImage { url }")
                    && query.contains("onlineStoreUrl"))
            let variables = sent.json["variables"] as? [String: Any] ?? [:]
            #expect(variables["first"] as? Int == 20)
            #expect(variables["query"] as? String == "(garden OR planter OR kitchen OR cookware OR museum OR \"art book\") AND available_for_sale:true")

            #expect(candidates.map(\.title) == ["Terracotta Herb Planter", "Copper Cookware Set"], "availableForSale false is dropped")
            #expect(candidates.map(\.priceCents) == [2450, 29])
            #expect(candidates.allSatisfy { $0.currency == "CAD" && $0.type == .gift && $0.source == .shopify })
            #expect(candidates[0].externalURL == "https://clayandleaf.com/products/herb-planter" && candidates[0].imageURL == "https://cdn.shopify.com/s/files/1/planter.jpg")
            #expect(candidates[1].externalURL == "http://127.0.0.1:\(port)/products/copper-set", "no onlineStoreUrl: the store's product page")
            #expect(candidates[0].merchant == "Clay & Leaf" && candidates[0].matchedInterest == "Gardening" && candidates[1].matchedInterest == "Cooking")
        }
        let failing = FakeAPI { _ in (.ok, #"{"errors":[{"message":"Field 'prodcts' doesn't exist on type 'QueryRoot'"}]}"#) }
        try await withLocalHTTPServer(failing.router(post: ["api/2025-01/graphql.json"]), label: "shopify") { port in
            let source = ShopifySource(storefrontToken: "t", storeDomain: "http://127.0.0.1:\(port)", apiVersion: "2025-01", http: SourceHTTP(sleep: { _ in }))
            await #expect(throws: SourceHTTP.Failure.self) { try await source.candidates(for: Self.request) }
        }
        #expect(ShopifySource.storeURL("shop.myshopify.com") == "https://shop.myshopify.com")
        #expect(ShopifySource.storeURL("https://shop.myshopify.com/") == "https://shop.myshopify.com")
        #expect(KnotCatalog.interestCategories.allSatisfy { ShopifySource.interestKeywords[$0] != nil }, "all 40 interests mapped")
    }

    // MARK: Reservations

    @Test("OpenTable/Resy: next Saturday, slots around 19:00, exact search URLs with affiliate ref, Resy only where it operates")
    func reservations() async throws {
        let source = ReservationSource(
            openTableBaseURL: "https://www.opentable.com", resyBaseURL: "https://resy.com", openTableAffiliateID: "aff-1", partySize: 2,
            now: { Date(timeIntervalSince1970: 1_795_618_800) })  // Wed 2026-11-25
        let candidates = try await source.candidates(for: Self.request)
        #expect(candidates.map(\.source) == [.opentable, .opentable, .opentable, .resy], "Cooking is the one food interest")
        #expect(
            candidates.compactMap(\.externalURL) == [
                "https://www.opentable.com/s?covers=2&dateTime=2026-11-28T18%3A30&term=Italian&near=Austin%2C%20TX&ref=aff-1",
                "https://www.opentable.com/s?covers=2&dateTime=2026-11-28T19%3A00&term=Italian&near=Austin%2C%20TX&ref=aff-1",
                "https://www.opentable.com/s?covers=2&dateTime=2026-11-28T19%3A30&term=Italian&near=Austin%2C%20TX&ref=aff-1",
                "https://resy.com/cities/austin-tx/search?date=2026-11-28&seats=2&query=Italian",
            ])
        #expect(candidates.allSatisfy { $0.type == .date && $0.priceCents == 10000 && $0.currency == "USD" && $0.city == "Austin" && $0.matchedInterest == "Cooking" })
        #expect(candidates[0].merchant == "OpenTable" && candidates[3].merchant == "Resy")

        let noAffiliate = ReservationSource(
            openTableBaseURL: "https://www.opentable.com", resyBaseURL: "https://resy.com", openTableAffiliateID: nil, partySize: 4,
            now: { Date(timeIntervalSince1970: 1_795_618_800) })
        let boise = SourceRequest(interests: ["Hiking"], vibes: [], city: "Boise", state: "ID", country: "US", currency: "USD", budgetMin: 0, budgetMax: 0, occasion: .justBecause)
        let plain = try await noAffiliate.candidates(for: boise)
        #expect(plain.map(\.source) == [.opentable, .opentable, .opentable], "no Resy in Boise")
        #expect(plain[1].externalURL == "https://www.opentable.com/s?covers=4&dateTime=2026-11-28T19%3A00&term=Dinner&near=Boise%2C%20ID")
        #expect(plain[1].priceCents == 20000)
        #expect(
            try await noAffiliate.candidates(
                for: SourceRequest(interests: ["Food"], vibes: [], city: nil, state: nil, country: "US", currency: "USD", budgetMin: 0, budgetMax: 0, occasion: .justBecause)
            ).isEmpty)

        #expect(ReservationSource.nextSaturday(after: Date(timeIntervalSince1970: 1_795_878_000)) == "2026-12-05", "on a Saturday: the next one")
        #expect(ReservationSource.resySlug(for: "New York City") == "new-york-ny" && ReservationSource.resySlug(for: "LONDON") == "london-england")
        #expect(ReservationSource.timeSlots(around: "17:30") == ["17:30", "18:00", "18:30"] && ReservationSource.timeSlots(around: "21:00") == ["20:00", "20:30", "21:00"])
    }

    // MARK: Firecrawl

    static let guideMarkdown = """
        # The Best New Restaurants In Austin

        Updated weekly by our editors.

        ## Olamaie
        A Southern restaurant with a tasting menu worth the drive. The biscuits are [famous](https://www.theinfatuation.com/austin/reviews/olamaie). Book ahead.

        **Blanton Museum of Art** — A museum with a light-filled Ellsworth Kelly chapel. Great for a slow afternoon.

        1. [Garden Bar](https://gardenbar.example.com) — A wine bar in a converted greenhouse garden.
        2. [Garden Bar](https://gardenbar.example.com) — listed twice.
        3. [X](https://x.example.com) — too short a name.
        """

    @Test("Firecrawl: bearer scrape of each city guide, venues from headers/bold/numbered links, date vs experience, 24 h cache per city")
    func firecrawl() async throws {
        let fake = FakeAPI { request in
            let markdown = String(
                decoding: try! JSONSerialization.data(withJSONObject: [
                    "success": true, "data": ["markdown": Self.guideMarkdown, "metadata": ["sourceURL": request.json["url"] as? String ?? ""]],
                ]), as: UTF8.self)
            return (.ok, markdown)
        }
        fake.throttleFirst.value = 1
        fake.retryAfter.value = "3"
        let sleeps = LockedValue<[Duration]>([])
        let clock = LockedValue(Date(timeIntervalSince1970: 1_795_618_800))
        let guide = "https://www.theinfatuation.com/austin/guides/best-new-austin-restaurants"
        try await withLocalHTTPServer(fake.router(post: ["v1/scrape"]), label: "firecrawl") { port in
            let source = FirecrawlSource(
                apiKey: "fc-key", baseURL: "http://127.0.0.1:\(port)", guides: ["austin": [guide]], http: SourceHTTP(sleep: { d in sleeps.withLock { $0.append(d) } }),
                now: { clock.value })
            let candidates = try await source.candidates(for: Self.request)
            #expect(sleeps.value == [.seconds(3)], "Retry-After honoured")
            let sent = try #require(fake.requests.value.last)
            #expect(sent.method == "POST" && sent.path == "/v1/scrape" && sent.headers["authorization"] == "Bearer fc-key")
            #expect(sent.json["url"] as? String == guide && sent.json["formats"] as? [String] == ["markdown"] && sent.json["onlyMainContent"] as? Bool == true)

            #expect(candidates.map(\.title) == ["Blanton Museum of Art", "Garden Bar"], "interest matches only (Museums, Gardening)")
            #expect(candidates[0].type == .experience && candidates[1].type == .date)
            #expect(candidates[1].externalURL == "https://gardenbar.example.com" && candidates[1].description == "A wine bar in a converted greenhouse garden.")
            #expect(candidates[0].externalURL == guide, "no link in the block: the guide itself")
            #expect(candidates.allSatisfy { $0.source == .firecrawl && $0.priceCents == nil && $0.city == "Austin" && $0.currency == "USD" && $0.merchant == $0.title })

            let everything = FirecrawlSource.extractVenues(Self.guideMarkdown, guideURL: guide)
            #expect(everything.map(\.name) == ["Olamaie", "Blanton Museum of Art", "Garden Bar"], "the page title (H1), a repeat and a too-short name are not venues")
            let olamaie = try #require(everything.first { $0.name == "Olamaie" })
            #expect(olamaie.description == "A Southern restaurant with a tasting menu worth the drive. The biscuits are famous.")
            #expect(FirecrawlSource.classify(olamaie.text) == .date)

            let scrapes = fake.requests.value.count
            clock.withLock { $0 = $0.addingTimeInterval(23 * 3600) }
            _ = try await source.candidates(for: Self.request)
            #expect(fake.requests.value.count == scrapes, "within 24 h: from the cache, no request")
            clock.withLock { $0 = $0.addingTimeInterval(3600 + 1) }
            _ = try await source.candidates(for: Self.request)
            #expect(fake.requests.value.count == scrapes + 1, "after 24 h: scraped again")
            let none = SourceRequest(
                interests: ["Karaoke"], vibes: [], city: "Boise", state: nil, country: "US", currency: "USD", budgetMin: 0, budgetMax: 0, occasion: .justBecause)
            #expect(try await source.candidates(for: none).isEmpty, "no guides for the city: nothing, no request")
            #expect(fake.requests.value.count == scrapes + 1)
        }
        let failing = FakeAPI { _ in (.ok, #"{"success":false,"error":"Failed to scrape URL"}"#) }
        try await withLocalHTTPServer(failing.router(post: ["v1/scrape"]), label: "firecrawl") { port in
            let source = FirecrawlSource(apiKey: "k", baseURL: "http://127.0.0.1:\(port)", guides: ["austin": [guide]], http: SourceHTTP(sleep: { _ in }), now: { Date() })
            await #expect(throws: SourceHTTP.Failure.self) { try await source.candidates(for: Self.request) }
        }
    }

    // MARK: Web search + LLM

    static func braveFake() -> FakeAPI {
        FakeAPI { request in
            let q = request.queryItems["q"] ?? ""
            let slug = q.replacingOccurrences(of: " ", with: "-")
            let body: [String: Any] = [
                "type": "search", "query": ["original": q],
                "web": [
                    "type": "search",
                    "results": [
                        ["title": "Result for \(q)", "url": "https://shop.example.com/\(slug)", "description": "Something about \(q).", "age": "2 days ago"],
                        ["title": "Copper Herb Garden Kit", "url": "https://giftshop.example.com/herb-kit", "description": "Indoor herb garden kit, $48."],
                    ],
                ],
            ]
            return (.ok, String(decoding: try! JSONSerialization.data(withJSONObject: body), as: UTF8.self))
        }
    }

    static func router(_ model: ScriptedModel) -> ModelRouter {
        ModelRouter(chains: [WebSearchSource.purpose: [RouteTarget(model: model, price: .free)]], recorder: NoUsage())
    }

    @Test("Web search: Brave with X-Subscription-Token, queries from interests/vibes/city, model output parsed strictly, invented URLs dropped")
    func webSearch() async throws {
        let fake = Self.braveFake()
        fake.throttleFirst.value = 1
        let sleeps = LockedValue<[Duration]>([])
        let model = ScriptedModel(
            answer: """
                ```json
                {"candidates":[
                  {"title":"Copper Herb Garden Kit","description":"Grow basil on the windowsill.","type":"gift","price_cents":4800,"external_url":"https://giftshop.example.com/herb-kit","merchant_name":"Giftshop","image_url":null},
                  {"title":"Invented Thing","description":"Not in the results.","type":"gift","price_cents":1000,"external_url":"https://made-up.example.com/x","merchant_name":null,"image_url":null},
                  {"title":"Sunset Kayak Date","description":"Romantic paddle.","type":"date","price_cents":null,"external_url":"https://shop.example.com/unique-romantic-date-ideas-in-Austin-TX","merchant_name":null,"image_url":"https://img.example.com/k.jpg"}
                ]}
                ```
                """)
        try await withLocalHTTPServer(fake.router(get: ["res/v1/web/search"]), label: "brave") { port in
            let source = WebSearchSource(
                apiKey: "brave-key", baseURL: "http://127.0.0.1:\(port)", router: Self.router(model), http: SourceHTTP(sleep: { d in sleeps.withLock { $0.append(d) } }))
            let candidates = try await source.candidates(for: Self.request)
            #expect(sleeps.value == [.seconds(1)])
            let sent = fake.requests.value.dropFirst()
            #expect(
                sent.allSatisfy { $0.method == "GET" && $0.path == "/res/v1/web/search" && $0.headers["x-subscription-token"] == "brave-key" && $0.queryItems["count"] == "10" })
            #expect(
                sent.map { $0.queryItems["q"] ?? "" } == [
                    "best romantic gardening gifts under 100 USD", "best romantic cooking gifts under 100 USD", "unique romantic date ideas in Austin TX",
                ])

            let asked = try #require(model.asked.value.first)
            #expect(asked.jsonObject && asked.system?.contains("\"external_url\"") == true)
            let prompt = asked.messages.last?.content ?? ""
            #expect(prompt.contains("https:\\/\\/giftshop.example.com\\/herb-kit") || prompt.contains("https://giftshop.example.com/herb-kit"))
            #expect(prompt.contains("\"budget_max_cents\":10000"))

            #expect(candidates.map(\.title) == ["Copper Herb Garden Kit", "Sunset Kayak Date"], "a URL not in the search results is dropped")
            #expect(
                candidates[0].priceCents == 4800 && candidates[0].type == .gift && candidates[0].merchant == "Giftshop" && candidates[0].city == nil
                    && candidates[0].matchedInterest == "Gardening")
            #expect(
                candidates[1].type == .date && candidates[1].merchant == "shop.example.com" && candidates[1].city == "Austin"
                    && candidates[1].imageURL == "https://img.example.com/k.jpg")
            #expect(candidates.allSatisfy { $0.source == .webSearch && $0.currency == "USD" })
        }
    }

    @Test(
        "Web search: malformed model output (not JSON, wrong shape, wrong types) makes the source throw",
        arguments: [
            "Here are some ideas: a herb kit!", #"{"items":[]}"#,
            #"{"candidates":[{"title":"A","description":"B","type":"gift","price_cents":48.5,"external_url":"https://giftshop.example.com/herb-kit"}]}"#,
            #"{"candidates":[{"title":"A","description":"B","type":"souvenir","external_url":"https://giftshop.example.com/herb-kit"}]}"#,
        ])
    func webSearchMalformed(_ answer: String) async throws {
        let fake = Self.braveFake()
        try await withLocalHTTPServer(fake.router(get: ["res/v1/web/search"]), label: "brave") { port in
            let source = WebSearchSource(apiKey: "k", baseURL: "http://127.0.0.1:\(port)", router: Self.router(ScriptedModel(answer: answer)), http: SourceHTTP(sleep: { _ in }))
            await #expect(throws: SourceHTTP.Failure.self) { try await source.candidates(for: Self.request) }
        }
    }
}

@Suite("Configured sources through the server", .timeLimit(.minutes(3)))
struct ConfiguredSourceServerTests {
    @Test("with Amazon configured, generate sends signed SearchItems and returns tagged Amazon gifts", arguments: TestDatabase.allCases)
    func amazonThroughServer(_ database: TestDatabase) async throws {
        let port = LockedValue(0)
        let fake = FakeAPI { request in
            let index = request.json["SearchIndex"] as? String ?? "All"
            let items: [[String: Any]] = [
                [
                    "ASIN": "B0\(index.uppercased().prefix(8))",
                    "DetailPageURL": "http://127.0.0.1:\(port.value)/dp/B0\(index.uppercased().prefix(8))",
                    "ItemInfo": ["Title": ["DisplayValue": "Pour-over coffee and cooking kit for hiking (\(index))"], "ByLineInfo": ["Brand": ["DisplayValue": "Brand \(index)"]]],
                    "Offers": ["Listings": [["Price": ["Amount": 89.99, "Currency": "USD"]]]],
                ]
            ]
            return (.ok, String(decoding: try! JSONSerialization.data(withJSONObject: ["SearchResult": ["Items": items]]), as: UTF8.self))
        }
        let router = fake.router(post: ["paapi5/searchitems"])
        router.head("dp/:asin") { _, _ in Response(status: .ok) }
        try await withLocalHTTPServer(router, label: "amazon") { fakePort in
            port.value = fakePort
            try await withServer(
                database,
                configure: {
                    $0.appOverrides["KNOT_AMAZON_ACCESS_KEY"] = "AKIDEXAMPLE"; $0.appOverrides["KNOT_AMAZON_SECRET_KEY"] = MoreRecommendationSourceTests.secret
                    $0.appOverrides["KNOT_AMAZON_ASSOCIATE_TAG"] = "knot-20"; $0.appOverrides["KNOT_AMAZON_BASE_URL"] = "http://127.0.0.1:\(fakePort)"
                }
            ) { client, _ in
                let user = try await client.signIn()
                _ = try await client.send(.post, "/knot/api/v1/vault", token: user.accessToken, json: validVaultPayload())
                let picks =
                    try await client.send(.post, "/knot/api/v1/recommendations/generate", token: user.accessToken, json: ["occasion_type": "minor_occasion"]).json[
                        "recommendations"] as? [[String: Any]] ?? []
                let sent = fake.requests.value
                #expect(sent.count == 2 && sent.allSatisfy(MoreRecommendationSourceTests.verifySignature), "one signed call per top interest")
                #expect(sent.compactMap { $0.json["SearchIndex"] as? String } == ["HomeAndKitchen", "Music"], "the vault's first two interests in catalog order: Cooking, Music")
                let amazon = picks.filter { $0["source"] as? String == "amazon" }
                #expect(!amazon.isEmpty, "\(picks.map { $0["title"] ?? "" })")
                #expect(amazon.allSatisfy { ($0["external_url"] as? String ?? "").hasSuffix("?tag=knot-20") && $0["price_cents"] as? Int == 8999 })
            }
        }
    }
}

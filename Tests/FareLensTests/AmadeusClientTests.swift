import FareLensAPI
import Foundation
import HTTPTypes
import Hummingbird
import OutboundHTTP
import PlatformCore
import TestSupport
import Testing

@testable import FareLens

/// A fake of Amadeus Self-Service on 127.0.0.1 speaking its wire format: the OAuth2
/// client-credentials token endpoint (form-encoded, `invalid_client` on wrong credentials) and
/// Flight Offers Search (`errors[]` bodies, 401 code 38190 for a token it does not know). Tests
/// script the searches' answers and read what it received.
final class FakeAmadeus: Sendable {
    /// What the next search gets instead of offers.
    enum Fault: Sendable {
        case status(Int, body: String, headers: [String: String] = [:])
        case hang
        case malformed
    }

    struct Search: Sendable {
        let query: String
        let headers: [String: String]
    }

    static let clientID = "fake-client-id"
    static let clientSecret = "s3cr+t&x=y"

    let tokenForms = LockedValue<[[String: String]]>([])
    let tokenContentTypes = LockedValue<[String]>([])
    let searches = LockedValue<[Search]>([])
    /// Tokens the fake still accepts.
    let valid = LockedValue<Set<String>>([])
    /// Every search answers 401, however fresh its token.
    let refuseEveryToken = LockedValue(false)
    let faults = LockedValue<[Fault]>([])
    let port = LockedValue(0)

    var baseURL: String { "http://127.0.0.1:\(port.value)" }

    func revokeAll() { valid.value = [] }

    func routes(_ router: Router<BasicRequestContext>) {
        router.post("v1/security/oauth2/token") { request, _ -> Response in
            let body = Data(buffer: try await request.body.collect(upTo: 1 << 16))
            let form = FormURLEncoded.parse(body) ?? [:]
            self.tokenForms.withLock { $0.append(form) }
            self.tokenContentTypes.withLock { $0.append(request.headers[.contentType] ?? "") }
            guard form["grant_type"] == "client_credentials" else {
                return Self.json(
                    #"{"error":"unsupported_grant_type","error_description":"Only client_credentials value is allowed for the body parameter grant_type","code":38187,"title":"Invalid parameters"}"#,
                    status: 400)
            }
            guard form["client_id"] == Self.clientID, form["client_secret"] == Self.clientSecret else {
                return Self.json(#"{"error":"invalid_client","error_description":"Client credentials are invalid","code":38187,"title":"Invalid parameters"}"#, status: 401)
            }
            let token = "token-\(self.tokenForms.value.count)"
            self.valid.withLock { _ = $0.insert(token) }
            return Self.json(
                #"{"type":"amadeusOAuth2Token","username":"dev@example.com","application_name":"farelens","client_id":"\#(Self.clientID)","token_type":"Bearer","access_token":"\#(token)","expires_in":1799,"state":"approved","scope":""}"#
            )
        }
        router.get("v2/shopping/flight-offers") { request, _ -> Response in
            var headers: [String: String] = [:]
            for field in request.headers { headers[field.name.canonicalName] = field.value }
            self.searches.withLock { $0.append(Search(query: request.uri.query ?? "", headers: headers)) }
            let bearer = (request.headers[.authorization] ?? "").replacingOccurrences(of: "Bearer ", with: "")
            guard self.valid.value.contains(bearer), !self.refuseEveryToken.value else {
                return Self.json(
                    #"{"errors":[{"code":38190,"title":"Invalid access token","detail":"The access token provided in the Authorization header is invalid","status":401}]}"#,
                    status: 401)
            }
            switch self.faults.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
            case .status(let code, let body, let extra)?:
                var fields = HTTPFields()
                fields[.contentType] = "application/vnd.amadeus+json"
                for (name, value) in extra { fields[HTTPField.Name(name)!] = value }
                return Response(status: .init(code: code), headers: fields, body: .init(byteBuffer: ByteBuffer(string: body)))
            case .hang?:
                try await Task.sleep(for: .seconds(2))
                return Self.json(Self.offers)
            case .malformed?:
                return Self.json(#"{"meta":{"count":1},"data":[{"id":"1"#)
            case nil:
                return Self.json(Self.offers)
            }
        }
    }

    static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "application/vnd.amadeus+json"], body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// A Flight Offers Search answer as Amadeus sends it (one round trip, trimmed to one traveler).
    static let offers = #"""
        {"meta":{"count":1,"links":{"self":"https://test.api.amadeus.com/v2/shopping/flight-offers?originLocationCode=JFK"}},
         "data":[{"type":"flight-offer","id":"1","source":"GDS","instantTicketingRequired":false,"nonHomogeneous":false,"oneWay":false,
           "lastTicketingDate":"2026-03-01","numberOfBookableSeats":9,
           "itineraries":[
             {"duration":"PT7H5M","segments":[{"departure":{"iataCode":"JFK","terminal":"7","at":"2026-03-10T18:30:00"},
               "arrival":{"iataCode":"LHR","terminal":"5","at":"2026-03-11T06:35:00"},"carrierCode":"BA","number":"178",
               "aircraft":{"code":"777"},"operating":{"carrierCode":"BA"},"duration":"PT7H5M","id":"1","numberOfStops":0,"blacklistedInEU":false}]},
             {"duration":"PT8H15M","segments":[{"departure":{"iataCode":"LHR","terminal":"5","at":"2026-03-17T11:20:00"},
               "arrival":{"iataCode":"JFK","terminal":"7","at":"2026-03-17T14:35:00"},"carrierCode":"BA","number":"177",
               "aircraft":{"code":"777"},"operating":{"carrierCode":"BA"},"duration":"PT8H15M","id":"2","numberOfStops":0,"blacklistedInEU":false}]}],
           "price":{"currency":"EUR","total":"1234.56","base":"900.00","fees":[{"amount":"0.00","type":"SUPPLIER"}],"grandTotal":"1234.56"},
           "pricingOptions":{"fareType":["PUBLISHED"],"includedCheckedBagsOnly":true},
           "validatingAirlineCodes":["BA"],
           "travelerPricings":[{"travelerId":"1","fareOption":"STANDARD","travelerType":"ADULT","price":{"currency":"EUR","total":"1234.56","base":"900.00"}}]}],
         "dictionaries":{"locations":{"JFK":{"cityCode":"NYC","countryCode":"US"},"LHR":{"cityCode":"LON","countryCode":"GB"}},
           "aircraft":{"777":"BOEING 777-200/300"},"currencies":{"EUR":"EURO"},"carriers":{"BA":"BRITISH AIRWAYS"}}}
        """#
}

/// Runs `body` with a live fake Amadeus, shut down afterwards.
func withFakeAmadeus<T: Sendable>(_ body: @Sendable (FakeAmadeus) async throws -> T) async throws -> T {
    let fake = FakeAmadeus()
    let router = Router()
    fake.routes(router)
    return try await withLocalHTTPServer(router, label: "fake-amadeus") { port in
        fake.port.value = port
        return try await body(fake)
    }
}

/// The Amadeus client against the fake: the token cached and refreshed as Amadeus's tokens
/// require, the exact request sent, and every failure a typed ``FlightProviderError``.
@Suite("Amadeus client", .timeLimit(.minutes(2)))
struct AmadeusClientTests {
    static let query = FlightSearchQuery(
        origin: "JFK", destination: "LHR", departureDate: LocalDate(parsing: "2026-03-10")!, returnDate: LocalDate(parsing: "2026-03-17")!, adults: 2, children: 1,
        infants: 1, travelClass: .business, currencyCode: "EUR", max: 5, nonStop: true)

    static func client(
        _ fake: FakeAmadeus, secret: String = FakeAmadeus.clientSecret, clock: any TimeSource = TestClock(), http: OutboundHTTPClient = OutboundHTTPClient(retry: .none)
    ) -> AmadeusClient {
        AmadeusClient(clientID: FakeAmadeus.clientID, clientSecret: secret, baseURL: fake.baseURL + "/", http: http, clock: clock)
    }

    @Test("one token for several searches (concurrent ones share its exchange); the exact form, query and headers are sent; offers decoded, the body passed through")
    func tokenOnceExactRequest() async throws {
        try await withFakeAmadeus { fake in
            let client = Self.client(fake)
            async let first = client.search(Self.query)
            async let second = client.search(Self.query)
            let results = try await [first, second]
            let third = try await client.search(Self.query)
            #expect(fake.tokenForms.value == [["grant_type": "client_credentials", "client_id": FakeAmadeus.clientID, "client_secret": FakeAmadeus.clientSecret]])
            #expect(fake.tokenContentTypes.value == ["application/x-www-form-urlencoded"])
            #expect(fake.searches.value.count == 3)
            for search in fake.searches.value {
                #expect(
                    search.query
                        == "originLocationCode=JFK&destinationLocationCode=LHR&departureDate=2026-03-10&returnDate=2026-03-17&adults=2&children=1&infants=1&travelClass=BUSINESS&currencyCode=EUR&max=5&nonStop=true"
                )
                #expect(search.headers["authorization"] == "Bearer token-1")
                #expect(search.headers["accept"] == "application/json")
            }
            for result in results + [third] {
                let offer = try #require(result.data.first)
                #expect(offer.price.currency == "EUR" && offer.price.total == "1234.56" && offer.price.grandTotal == "1234.56")
                #expect(
                    offer.itineraries.map { $0.segments.map { "\($0.departure.iataCode)-\($0.arrival.iataCode) \($0.carrierCode)\($0.number)" } } == [
                        ["JFK-LHR BA178"], ["LHR-JFK BA177"],
                    ])
                #expect(offer.itineraries.first?.segments.first?.departure.at == "2026-03-10T18:30:00")
                #expect(result.dictionaries?.carriers == ["BA": "BRITISH AIRWAYS"])
            }
        }
    }

    @Test("a one-way economy search leaves out returnDate, children and infants; the cabin is always named")
    func oneWayQuery() async throws {
        try await withFakeAmadeus { fake in
            _ = try await Self.client(fake).search(FlightSearchQuery(origin: "SFO", destination: "NRT", departureDate: LocalDate(parsing: "2026-05-01")!))
            #expect(
                fake.searches.value.map(\.query) == [
                    "originLocationCode=SFO&destinationLocationCode=NRT&departureDate=2026-05-01&adults=1&travelClass=ECONOMY&currencyCode=USD&max=20&nonStop=false"
                ])
        }
    }

    @Test("the cached token is kept until a minute before it expires, then fetched anew (injected clock)")
    func refreshedNearExpiry() async throws {
        try await withFakeAmadeus { fake in
            let clock = TestClock()
            let client = Self.client(fake, clock: clock)
            _ = try await client.search(Self.query)
            clock.advance(by: 1799 - 61)
            _ = try await client.search(Self.query)
            #expect(fake.tokenForms.value.count == 1, "still more than a minute left")
            clock.advance(by: 2)
            _ = try await client.search(Self.query)
            #expect(fake.tokenForms.value.count == 2)
            #expect(fake.searches.value.map { $0.headers["authorization"] } == ["Bearer token-1", "Bearer token-1", "Bearer token-2"])
        }
    }

    @Test("a 401 from a search fetches one fresh token and retries; a second 401 is unauthorized, not a loop")
    func refreshedOn401() async throws {
        try await withFakeAmadeus { fake in
            let client = Self.client(fake)
            _ = try await client.search(Self.query)
            fake.revokeAll()
            let result = try await client.search(Self.query)
            #expect(result.data.count == 1)
            #expect(fake.tokenForms.value.count == 2)
            #expect(fake.searches.value.map { $0.headers["authorization"] } == ["Bearer token-1", "Bearer token-1", "Bearer token-2"])

            // A token refused even when fresh: one refresh, then the error.
            fake.refuseEveryToken.value = true
            let before = (searches: fake.searches.value.count, tokens: fake.tokenForms.value.count)
            await #expect(
                throws: FlightProviderError.unauthorized(
                    provider: "Amadeus", detail: "Invalid access token [38190]: The access token provided in the Authorization header is invalid")
            ) {
                _ = try await client.search(Self.query)
            }
            #expect(fake.tokenForms.value.count - before.tokens == 1)
            #expect(fake.searches.value.count - before.searches == 2)
        }
    }

    @Test("wrong credentials at the token endpoint are unauthorized, with Amadeus's description")
    func credentialsRefused() async throws {
        try await withFakeAmadeus { fake in
            await #expect(throws: FlightProviderError.unauthorized(provider: "Amadeus", detail: "Client credentials are invalid")) {
                _ = try await Self.client(fake, secret: "wrong").search(Self.query)
            }
            #expect(fake.searches.value.isEmpty)
        }
    }

    @Test("429 is quota exhausted with its Retry-After (a wait beyond the bound is not slept through)")
    func quotaExhausted() async throws {
        try await withFakeAmadeus { fake in
            let sleeps = LockedValue<[Duration]>([])
            let http = OutboundHTTPClient(retry: AmadeusClient.retry, sleep: { d in sleeps.withLock { $0.append(d) } })
            fake.faults.value = [
                .status(
                    429, body: #"{"errors":[{"code":38194,"title":"Too many requests","detail":"The network rate limit is exceeded, please try again later","status":429}]}"#,
                    headers: ["Retry-After": "30"])
            ]
            await #expect(
                throws: FlightProviderError.quotaExhausted(
                    provider: "Amadeus", retryAfter: .seconds(30), detail: "Too many requests [38194]: The network rate limit is exceeded, please try again later")
            ) {
                _ = try await Self.client(fake, http: http).search(Self.query)
            }
            #expect(fake.searches.value.count == 1)
            #expect(sleeps.value.isEmpty)
        }
    }

    @Test("a short Retry-After on 429 is waited and the search retried once")
    func shortRetryAfterRetried() async throws {
        try await withFakeAmadeus { fake in
            let sleeps = LockedValue<[Duration]>([])
            let http = OutboundHTTPClient(retry: AmadeusClient.retry, sleep: { d in sleeps.withLock { $0.append(d) } })
            fake.faults.value = [.status(429, body: #"{"errors":[{"code":38194,"title":"Too many requests","status":429}]}"#, headers: ["Retry-After": "1"])]
            let result = try await Self.client(fake, http: http).search(Self.query)
            #expect(result.data.count == 1)
            #expect(sleeps.value == [.seconds(1)])
        }
    }

    @Test("a 400 is rejected with Amadeus's errors[] messages and not retried")
    func rejected() async throws {
        try await withFakeAmadeus { fake in
            fake.faults.value = [
                .status(
                    400,
                    body:
                        #"{"errors":[{"status":400,"code":477,"title":"INVALID FORMAT","detail":"invalid query parameter format","source":{"parameter":"departureDate","example":"2017-12-25"}}]}"#
                )
            ]
            await #expect(throws: FlightProviderError.rejected(provider: "Amadeus", status: 400, messages: ["INVALID FORMAT [477]: invalid query parameter format"])) {
                _ = try await Self.client(fake, http: OutboundHTTPClient(retry: AmadeusClient.retry)).search(Self.query)
            }
            #expect(fake.searches.value.count == 1)
        }
    }

    @Test("5xx after its retry is provider unavailable")
    func serverError() async throws {
        try await withFakeAmadeus { fake in
            let sleeps = LockedValue<[Duration]>([])
            let http = OutboundHTTPClient(retry: AmadeusClient.retry, sleep: { d in sleeps.withLock { $0.append(d) } })
            let down = FakeAmadeus.Fault.status(500, body: #"{"errors":[{"status":500,"code":141,"title":"SYSTEM ERROR HAS OCCURRED"}]}"#)
            fake.faults.value = [down, down]
            do {
                _ = try await Self.client(fake, http: http).search(Self.query)
                Issue.record("a failing Amadeus gave offers")
            } catch FlightProviderError.unavailable(let provider, let reason) {
                #expect(provider == "Amadeus")
                #expect(reason.contains("500") && reason.contains("SYSTEM ERROR HAS OCCURRED [141]"))
            }
            #expect(fake.searches.value.count == 2)
            #expect(sleeps.value == [.milliseconds(500)])
        }
    }

    @Test("a search that does not answer within the deadline is provider unavailable, not a hang")
    func timeout() async throws {
        try await withFakeAmadeus { fake in
            fake.faults.value = [.hang]
            let started = ContinuousClock.now
            do {
                _ = try await Self.client(fake, http: OutboundHTTPClient(deadline: .milliseconds(300), retry: .none)).search(Self.query)
                Issue.record("a hanging Amadeus gave offers")
            } catch FlightProviderError.unavailable(_, let reason) {
                #expect(reason.contains("did not answer"))
            }
            // Past the 300 ms deadline the fake would answer offers after 2 s (recorded above as a
            // failure); the bound only says the call never waits like a hang (1.5 s was passed at
            // 1.7 s by a loaded 2-core timed phase).
            #expect(ContinuousClock.now - started < .seconds(5))
        }
    }

    @Test("an unreadable 200 is a malformed answer")
    func malformed() async throws {
        try await withFakeAmadeus { fake in
            fake.faults.value = [.malformed]
            do {
                _ = try await Self.client(fake).search(Self.query)
                Issue.record("an unreadable answer gave offers")
            } catch FlightProviderError.malformedAnswer(let provider, _) {
                #expect(provider == "Amadeus")
            }
        }
    }

    @Test("the provider keys are read scoped or unscoped; the test environment is the default; half the Amadeus credentials are refused")
    func configuration() throws {
        let plain = try FlightProviderConfiguration(settings: Settings.layered(overrides: [:], environment: [:]).scoped(to: .farelens))
        #expect(plain.amadeusBaseURL == "https://test.api.amadeus.com")
        #expect(plain.amadeus() == nil && plain.travelpayouts() == nil)

        let environment = [
            "AMADEUS_CLIENT_ID": "id", "FARELENS_AMADEUS_CLIENT_SECRET": "secret", "AMADEUS_BASE_URL": "https://api.amadeus.com", "TRAVELPAYOUTS_TOKEN": "tp",
        ]
        let set = try FlightProviderConfiguration(settings: Settings.layered(overrides: [:], environment: environment).scoped(to: .farelens))
        #expect(set.amadeusClientID == "id" && set.amadeusClientSecret == "secret" && set.amadeusBaseURL == "https://api.amadeus.com")
        #expect(set.travelpayoutsToken == "tp")
        #expect(set.amadeus() != nil && set.travelpayouts() != nil)

        #expect(throws: ConfigurationInvalid.self) {
            try FlightProviderConfiguration(settings: Settings.layered(overrides: [:], environment: ["AMADEUS_CLIENT_ID": "id"]).scoped(to: .farelens))
        }
        #expect(throws: ConfigurationInvalid.self) {
            try FlightProviderConfiguration(
                settings: Settings.layered(overrides: [:], environment: ["AMADEUS_BASE_URL": "test.api.amadeus.com"]).scoped(to: .farelens))
        }
    }
}

import FareLensAPI
import Foundation
import HTTPTypes
import Hummingbird
import OutboundHTTP
import PlatformCore
import TestSupport
import Testing

@testable import FareLens

/// A fake of Travelpayouts' Aviasales data API (`/aviasales/v3/prices_for_dates`) on 127.0.0.1: its
/// answer shape, its 401 for a missing or wrong `X-Access-Token`, and scripted failures.
final class FakeTravelpayouts: Sendable {
    static let token = "tp-token"

    let requests = LockedValue<[(query: String, headers: [String: String])]>([])
    /// Answers used once each before the normal one: status, body, extra headers; or nil to hang.
    let faults = LockedValue<[(Int, String, [String: String])?]>([])
    let port = LockedValue(0)

    var baseURL: String { "http://127.0.0.1:\(port.value)" }

    /// A `prices_for_dates` answer as the API sends it: a round trip with a transfer and a nonstop
    /// one whose `flight_number` is a number.
    static let answer = #"""
        {"success":true,"data":[
          {"flight_number":"1455","link":"/search/NYC1003LON17031?t=BA17734608001773636300000425JFKLHR_0c4b2e","origin_airport":"JFK","destination_airport":"LHR",
           "departure_at":"2026-03-10T18:30:00-04:00","airline":"BA","destination":"LON","return_at":"2026-03-17T11:20:00+00:00","origin":"NYC","price":612,
           "return_transfers":0,"duration":940,"duration_to":425,"duration_back":515,"transfers":1},
          {"flight_number":178,"link":"/search/NYC1003LON17031?t=VS17734630001773658200000370JFKLHR_91aa07","origin":"NYC","destination":"LON",
           "departure_at":"2026-03-10T19:10:00-04:00","airline":"VS","return_at":"2026-03-17T09:05:00+00:00","price":655.5,
           "return_transfers":0,"duration":850,"duration_to":370,"duration_back":480,"transfers":0}
        ],"currency":"usd"}
        """#

    func routes(_ router: Router<BasicRequestContext>) {
        router.get("aviasales/v3/prices_for_dates") { request, _ -> Response in
            var headers: [String: String] = [:]
            for field in request.headers { headers[field.name.canonicalName] = field.value }
            self.requests.withLock { $0.append((request.uri.query ?? "", headers)) }
            guard request.headers[HTTPField.Name("X-Access-Token")!] == Self.token else {
                return Self.json(#"{"success":false,"data":null,"error":"Unauthorized"}"#, status: 401)
            }
            if let fault = self.faults.withLock({ $0.isEmpty ? nil : Optional($0.removeFirst()) }) {
                guard let (status, body, extra) = fault else {
                    try await Task.sleep(for: .seconds(2))
                    return Self.json(Self.answer)
                }
                var response = Self.json(body, status: .init(code: status))
                for (name, value) in extra { response.headers[HTTPField.Name(name)!] = value }
                return response
            }
            return Self.json(Self.answer)
        }
    }

    static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}

func withFakeTravelpayouts<T: Sendable>(_ body: @Sendable (FakeTravelpayouts) async throws -> T) async throws -> T {
    let fake = FakeTravelpayouts()
    let router = Router()
    fake.routes(router)
    return try await withLocalHTTPServer(router, label: "fake-travelpayouts") { port in
        fake.port.value = port
        return try await body(fake)
    }
}

/// The Travelpayouts fallback against its fake: the exact request, the conversion of its fares to
/// Amadeus-shaped offers, and its failures as ``FlightProviderError``s.
@Suite("Travelpayouts client", .timeLimit(.minutes(2)))
struct TravelpayoutsClientTests {
    static let roundTrip = FlightSearchQuery(
        origin: "NYC", destination: "LON", departureDate: LocalDate(parsing: "2026-03-10")!, returnDate: LocalDate(parsing: "2026-03-17")!, currencyCode: "USD", max: 10)

    static func client(_ fake: FakeTravelpayouts, token: String = FakeTravelpayouts.token, http: OutboundHTTPClient = OutboundHTTPClient(retry: .none)) -> TravelpayoutsClient {
        TravelpayoutsClient(token: token, baseURL: fake.baseURL, http: http)
    }

    @Test("the exact query is sent with the token in X-Access-Token only; the fares come back as Amadeus-shaped offers")
    func exactRequest() async throws {
        try await withFakeTravelpayouts { fake in
            let offers = try await Self.client(fake).search(Self.roundTrip)
            #expect(
                fake.requests.value.map(\.query) == [
                    "origin=NYC&destination=LON&departure_at=2026-03-10&return_at=2026-03-17&one_way=false&direct=false&currency=usd&sorting=price&limit=10"
                ])
            #expect(fake.requests.value.first?.headers["x-access-token"] == FakeTravelpayouts.token)
            #expect(offers.map(\.offer.price.total) == ["612", "655.5"])
            #expect(offers.map(\.offer.price.currency) == ["USD", "USD"])
        }
        try await withFakeTravelpayouts { fake in
            _ = try await Self.client(fake).search(
                FlightSearchQuery(
                    origin: "BER", destination: "BCN", departureDate: LocalDate(parsing: "2026-06-12")!, currencyCode: "EUR", max: 3, nonStop: true))
            #expect(fake.requests.value.map(\.query) == ["origin=BER&destination=BCN&departure_at=2026-06-12&one_way=true&direct=true&currency=eur&sorting=price&limit=3"])
        }
    }

    @Test("conversion: decimal-string prices, local departure times, ISO durations, transfers as stops, airports or else cities, absolute links")
    func conversion() throws {
        let answer = try JSONDecoder().decode(TravelpayoutsConversion.Answer.self, from: Data(FakeTravelpayouts.answer.utf8))
        let offers = TravelpayoutsConversion.offers(answer, fallbackCurrency: "EUR")
        #expect(offers.count == 2)
        let first = offers[0].offer
        #expect(first.id == "1" && first.type == "flight-offer" && first.source == "TRAVELPAYOUTS" && first.oneWay == false)
        #expect(first.price == .init(currency: "USD", total: "612", grandTotal: "612"))
        #expect(first.validatingAirlineCodes == ["BA"])
        #expect(
            first.itineraries == [
                .init(
                    duration: "PT7H5M",
                    segments: [
                        .init(
                            departure: .init(iataCode: "JFK", at: "2026-03-10T18:30:00"), arrival: .init(iataCode: "LHR", at: nil), carrierCode: "BA", number: "1455",
                            duration: "PT7H5M", numberOfStops: 1)
                    ]),
                .init(
                    duration: "PT8H35M",
                    segments: [
                        .init(
                            departure: .init(iataCode: "LHR", at: "2026-03-17T11:20:00"), arrival: .init(iataCode: "JFK", at: nil), carrierCode: "BA", number: nil,
                            duration: "PT8H35M", numberOfStops: 0)
                    ]),
            ])
        #expect(offers[0].link?.absoluteString == "https://www.aviasales.com/search/NYC1003LON17031?t=BA17734608001773636300000425JFKLHR_0c4b2e")
        let second = offers[1].offer
        #expect(second.price.total == "655.5")
        #expect(second.itineraries[0].segments[0].number == "178", "a numeric flight_number")
        #expect(second.itineraries[0].segments[0].departure.iataCode == "NYC", "no origin_airport: the city code")
        #expect(second.itineraries.map(\.duration) == ["PT6H10M", "PT8H"])

        let oneWay = try JSONDecoder().decode(
            TravelpayoutsConversion.Answer.self,
            from: Data(
                #"{"success":true,"data":[{"origin":"BER","destination":"BCN","price":49,"airline":"VY","flight_number":"1887","departure_at":"2026-06-02T06:05:00+02:00","transfers":0,"duration_to":55,"link":"/search/BER0206BCN1"}]}"#
                    .utf8))
        let single = try #require(TravelpayoutsConversion.offers(oneWay, fallbackCurrency: "eur").first)
        #expect(single.offer.oneWay == true && single.offer.itineraries.count == 1)
        #expect(single.offer.price.currency == "EUR", "no currency in the answer: the one asked for")
        #expect(single.offer.itineraries[0].duration == "PT55M")
        // The converted offer reads back as Amadeus's shape.
        let encoded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(single.offer)) as? [String: Any]
        #expect((encoded?["price"] as? [String: String])?["grandTotal"] == "49")
    }

    @Test("a refused token is unauthorized; 429 is quota exhausted with Retry-After; 5xx and a timeout are unavailable; success:false is rejected; garbage is malformed")
    func errors() async throws {
        try await withFakeTravelpayouts { fake in
            await #expect(throws: FlightProviderError.unauthorized(provider: "Travelpayouts", detail: "Unauthorized")) {
                _ = try await Self.client(fake, token: "wrong").search(Self.roundTrip)
            }
            fake.faults.value = [(429, #"{"success":false,"data":null,"error":"rate limit exceeded"}"#, ["Retry-After": "60"])]
            await #expect(throws: FlightProviderError.quotaExhausted(provider: "Travelpayouts", retryAfter: .seconds(60), detail: "rate limit exceeded")) {
                _ = try await Self.client(fake).search(Self.roundTrip)
            }
            fake.faults.value = [(502, "<html>Bad Gateway</html>", [:])]
            do {
                _ = try await Self.client(fake).search(Self.roundTrip)
                Issue.record("a failing Travelpayouts gave offers")
            } catch FlightProviderError.unavailable(let provider, let reason) {
                #expect(provider == "Travelpayouts" && reason.contains("502"))
                #expect(!reason.contains(FakeTravelpayouts.token))
            }
            fake.faults.value = [(200, #"{"success":false,"data":null,"error":"departure_at: invalid date"}"#, [:])]
            await #expect(throws: FlightProviderError.rejected(provider: "Travelpayouts", status: 200, messages: ["departure_at: invalid date"])) {
                _ = try await Self.client(fake).search(Self.roundTrip)
            }
            fake.faults.value = [(200, #"{"success":true,"data":[{"price":"#, [:])]
            do {
                _ = try await Self.client(fake).search(Self.roundTrip)
                Issue.record("garbage gave offers")
            } catch FlightProviderError.malformedAnswer(let provider, _) {
                #expect(provider == "Travelpayouts")
            }
            fake.faults.value = [nil]
            do {
                _ = try await Self.client(fake, http: OutboundHTTPClient(deadline: .milliseconds(300), retry: .none)).search(Self.roundTrip)
                Issue.record("a hanging Travelpayouts gave offers")
            } catch FlightProviderError.unavailable(_, let reason) {
                #expect(reason.contains("did not answer"))
            }
        }
    }
}

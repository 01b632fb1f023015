import AppPlatform
import FareLens
import FareLensAPI
import Foundation
import TestSupport
import Testing

/// `GET /farelens/v1/airports` through the HTTP API, on both databases.
@Suite("FareLens airports API", .timeLimit(.minutes(3)))
struct AirportsAPITests {
    @Test("autocomplete answers suggestions with labels: exact code first, metro codes with their airports, accents ignored", arguments: TestDatabase.allCases)
    func search(_ database: TestDatabase) async throws {
        try await FareLensAPITests.withFareLens(database) { client in
            let user = try await client.signIn(app: "farelens")
            let path = FareLensRoutes.airports.endpoint.path
            let lax = try await client.send(.get, path + "?q=lax", token: user.accessToken)
            #expect(lax.status == .ok, "\(lax.text)")
            let first = try #require(try lax.decode([AirportSuggestion].self).first)
            #expect(first == AirportSuggestion(iata: "LAX", name: "Los Angeles International Airport", city: "Los Angeles", country: "US"))
            #expect(lax.text.contains(#""label":"Los Angeles (LAX)""#))
            #expect(lax.headers[.cacheControl] == "private, max-age=3600", "the seed's airport cache: one hour")
            let san = try await client.send(.get, path + "?q=san", token: user.accessToken).decode([AirportSuggestion].self)
            #expect(san.count == AirportQuery.defaultLimit && san.first?.iata == "SAN")

            let nyc = try await client.send(.get, path + "?q=NYC&limit=4", token: user.accessToken).decode([AirportSuggestion].self)
            #expect(nyc.map(\.iata) == ["NYC", "JFK", "EWR", "LGA"])
            let sao = try await client.send(.get, path + "?q=s%C3%A3o%20paulo&limit=5", token: user.accessToken).decode([AirportSuggestion].self)
            #expect(sao.map(\.iata).contains("GRU"))
            let zurich = try await client.send(.get, path + "?q=zur&limit=1", token: user.accessToken).decode([AirportSuggestion].self)
            #expect(zurich.map(\.iata) == ["ZRH"])
            let fifty = try await client.send(.get, path + "?q=a&limit=50", token: user.accessToken).decode([AirportSuggestion].self)
            #expect(fifty.count == 50)
            let none = try await client.send(.get, path + "?q=%21%3F", token: user.accessToken)
            #expect(try none.status == .ok && none.decode([AirportSuggestion].self).isEmpty)
        }
    }

    @Test("a blank, missing or over-long q and a limit outside 1–50 are 422s naming them; no token is a 401", arguments: TestDatabase.allCases)
    func refusals(_ database: TestDatabase) async throws {
        try await FareLensAPITests.withFareLens(database) { client in
            let user = try await client.signIn(app: "farelens")
            let path = FareLensRoutes.airports.endpoint.path
            for (query, fields) in [
                ("?q=%20%20", ["q"]), ("", ["q"]), ("?q=" + String(repeating: "a", count: 65), ["q"]),
                ("?q=lax&limit=0", ["limit"]), ("?q=lax&limit=51", ["limit"]), ("?q=&limit=x", ["q", "limit"]),
            ] {
                let response = try await client.send(.get, path + query, token: user.accessToken)
                #expect(response.status == .unprocessableContent, "\(query): \(response.text)")
                #expect(Set(response.errorFields) == Set(fields), "\(query)")
            }
            let longest = try await client.send(.get, path + "?q=" + String(repeating: "a", count: 64), token: user.accessToken)
            #expect(longest.status == .ok)
            let anonymous = try await client.send(.get, path + "?q=lax")
            #expect(anonymous.status == .unauthorized && anonymous.headers[.wwwAuthenticate] != nil)
        }
    }
}

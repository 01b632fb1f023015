import AppServer
import FareLens
import FareLensAPI
import Foundation
import HTTPTypes
import PlatformAPI
import PlatformCore
import TestSupport
import Testing

/// FareLens's points vault, transfer bonuses and config through the HTTP API on both databases:
/// CRUD, `ETag` and `If-Match` (412 when stale), another user's program a 404, every 422 (lengths
/// as people see them), the bonuses' filter and expiry at fixed dates, the A/B assignment equal to
/// the booking links'.
@Suite("FareLens points API", .timeLimit(.minutes(3)))
struct PointsAPITests {
    static var path: String { FareLensRoutes.pointsPrograms.endpoint.path }
    static var bonusesPath: String { FareLensRoutes.transferBonuses.endpoint.path }
    /// 2026-03-01 12:00 UTC.
    static let start = Date(timeIntervalSince1970: 1_772_366_400)

    static func with(_ database: TestDatabase, at start: Date = start, _ body: @Sendable (TestClient, TestClock, ServerComponents) async throws -> Void) async throws {
        let clock = TestClock(start)
        try await withServer(database, configure: { $0.apps = [FareLensApp.id] }, dependencies: .init(clock: clock)) { client, server in
            try await body(client, clock, server)
        }
    }

    static func created(_ client: TestClient, _ user: SignedIn, _ clock: TestClock, _ json: [String: Any]) async throws -> PointsProgram {
        clock.advance(by: 1)
        let response = try await client.send(.post, path, token: user.accessToken, json: json)
        #expect(response.status == .created, "\(response.text)")
        return try response.decode(PointsProgram.self)
    }

    static func item(_ id: PointsProgramID) -> String { path + "/" + id.description }

    /// Sends `json` (when given) with `If-Match` (when given).
    static func send(
        _ client: TestClient, _ method: HTTPRequest.Method, _ target: String, _ user: SignedIn, ifMatch: String?, json: [String: Any]? = nil
    ) async throws -> APIResponse {
        var headers: HTTPFields = [:]
        if let ifMatch { headers[.ifMatch] = ifMatch }
        let body = try json.map { try JSONSerialization.data(withJSONObject: $0) }
        return try await client.send(method, target, token: user.accessToken, body: body, headers: headers)
    }

    /// The tag a client builds from a program's `updated_at`.
    static func tag(_ program: PointsProgram) -> String { EntityTag(updatedAt: program.updatedAt).description }

    /// The user's program `id` as the list shows it; nil when they have none of that id.
    static func stored(_ client: TestClient, _ user: SignedIn, _ id: PointsProgramID) async throws -> PointsProgram? {
        try await client.send(.get, path + "?limit=100", token: user.accessToken).decode(FareLensList<PointsProgram>.self).data.first { $0.id == id }
    }

    static func bonusIDs(_ client: TestClient, _ user: SignedIn) async throws -> [String] {
        let response = try await client.send(.get, bonusesPath, token: user.accessToken)
        #expect(response.status == .ok, "\(response.text)")
        return try response.decode(FareLensList<TransferBonus>.self).data.map(\.id)
    }

    @Test("create, list newest first in {data} with paging, replace and delete; catalog names resolve; another user's program is a 404", arguments: TestDatabase.allCases)
    func crud(_ database: TestDatabase) async throws {
        try await Self.with(database) { client, clock, _ in
            let user = try await client.signIn(app: "farelens")
            let united = try await Self.created(client, user, clock, ["kind": "airline", "name": "  mileage-plus ", "balance": 84_000, "status": "Gold"])
            #expect(united.name == "United MileagePlus" && united.catalogID == "united" && united.balance == 84_000 && united.status == "Gold")
            let own = try await Self.created(client, user, clock, ["kind": "hotel", "name": "My Local Inn Club"])
            #expect(own.name == "My Local Inn Club" && own.catalogID == nil && own.balance == 0 && own.status == nil)
            let listed = try await client.send(.get, Self.path, token: user.accessToken)
            #expect(listed.text.contains(#""catalog_id":null"#) && listed.text.contains(#""status":null"#), "\(listed.text)")
            #expect(try listed.decode(FareLensList<PointsProgram>.self).data.map(\.id) == [own.id, united.id], "newest first")
            let page1 = try await client.send(.get, Self.path + "?limit=1", token: user.accessToken)
            let cursor = try #require(page1.headers[ListPagingHeader.next])
            let page2 = try await client.send(.get, Self.path + "?limit=1&cursor=\(cursor)", token: user.accessToken)
            #expect(try page2.decode(FareLensList<PointsProgram>.self).data.map(\.id) == [united.id] && page2.headers[ListPagingHeader.next] == nil)

            clock.advance(by: 5)
            let replaced = try await client.send(.put, Self.item(united.id), token: user.accessToken, json: ["kind": "airline", "name": "United", "balance": 90_500])
            #expect(replaced.status == .ok, "\(replaced.text)")
            let after = try replaced.decode(PointsProgram.self)
            #expect(after.balance == 90_500 && after.status == nil && after.catalogID == "united" && after.createdAt == united.createdAt && after.updatedAt > united.updatedAt)

            let other = try await client.signIn(app: "farelens")
            #expect(try await client.send(.get, Self.path, token: other.accessToken).decode(FareLensList<PointsProgram>.self).data.isEmpty)
            #expect(try await client.send(.put, Self.item(united.id), token: other.accessToken, json: ["kind": "airline", "name": "X"]).status == .notFound)
            #expect(try await client.send(.delete, Self.item(united.id), token: other.accessToken).status == .notFound)
            #expect(try await client.send(.put, Self.path + "/not-a-uuid", token: user.accessToken, json: ["kind": "airline", "name": "X"]).status == .notFound)

            #expect(try await client.send(.delete, Self.item(united.id), token: user.accessToken).status == .noContent)
            #expect(try await client.send(.delete, Self.item(united.id), token: user.accessToken).status == .notFound)
            #expect(try await client.send(.get, Self.path, token: user.accessToken).decode(FareLensList<PointsProgram>.self).data.map(\.id) == [own.id])
        }
    }

    @Test("ETag on the 201 and on the PUT's answer: the tag of the JSON updated_at, a new one after each change", arguments: TestDatabase.allCases)
    func eTags(_ database: TestDatabase) async throws {
        try await Self.with(database) { client, clock, _ in
            let user = try await client.signIn(app: "farelens")
            clock.advance(by: 1)
            let created = try await client.send(.post, Self.path, token: user.accessToken, json: ["kind": "airline", "name": "Aeroplan", "balance": 10_000])
            #expect(created.status == .created, "\(created.text)")
            let v1 = try #require(created.headers[.eTag])
            let program = try created.decode(PointsProgram.self)
            #expect(v1 == Self.tag(program), "\(created.headers)")

            clock.advance(by: 1)
            let changed = try await Self.send(client, .put, Self.item(program.id), user, ifMatch: nil, json: ["kind": "airline", "name": "Aeroplan", "balance": 12_000])
            #expect(changed.status == .ok, "\(changed.text)")
            let v2 = try #require(changed.headers[.eTag])
            #expect(v2 == Self.tag(try changed.decode(PointsProgram.self)) && v2 != v1, "a change is a new version")

            clock.advance(by: 1)
            let again = try await Self.send(client, .put, Self.item(program.id), user, ifMatch: v2, json: ["kind": "airline", "name": "Aeroplan", "balance": 12_000])
            #expect(again.status == .ok && again.headers[.eTag] != v2, "\(again.text)")
            let listed = try #require(try await Self.stored(client, user, program.id))
            #expect(again.headers[.eTag] == Self.tag(listed), "the list's updated_at is the tag's")

            // Two writes at one reading of the clock are two versions still, so the first one's tag is stale.
            let v3 = try #require(again.headers[.eTag])
            let sameInstant = try await Self.send(client, .put, Self.item(program.id), user, ifMatch: nil, json: ["kind": "airline", "name": "Aeroplan", "balance": 13_000])
            let v4 = try #require(sameInstant.headers[.eTag])
            #expect(sameInstant.status == .ok && v4 != v3, "\(sameInstant.headers)")
            let stale = try await Self.send(client, .put, Self.item(program.id), user, ifMatch: v3, json: ["kind": "airline", "name": "Aeroplan", "balance": 1])
            #expect(stale.status == .preconditionFailed, "\(stale.text)")
            #expect(try await Self.stored(client, user, program.id)?.balance == 13_000)
        }
    }

    @Test(
        "If-Match on PUT and DELETE: the current tag writes, a stale one is 412 precondition_failed and changes nothing, none writes unconditionally; a 422 wins over the 412",
        arguments: TestDatabase.allCases)
    func ifMatch(_ database: TestDatabase) async throws {
        try await Self.with(database) { client, clock, _ in
            let user = try await client.signIn(app: "farelens")
            let program = try await Self.created(client, user, clock, ["kind": "hotel", "name": "Hyatt", "balance": 30_000, "status": "Explorist"])
            let v1 = Self.tag(program)
            let item = Self.item(program.id)

            clock.advance(by: 1)
            let current = try await Self.send(client, .put, item, user, ifMatch: v1, json: ["kind": "hotel", "name": "Hyatt", "balance": 35_000, "status": "Explorist"])
            #expect(current.status == .ok, "\(current.text)")
            let v2 = try #require(current.headers[.eTag])

            // v1 is stale now: 412, and the program stays as it is.
            clock.advance(by: 1)
            let stale = try await Self.send(client, .put, item, user, ifMatch: v1, json: ["kind": "hotel", "name": "Hyatt", "balance": 1])
            #expect(stale.status == .preconditionFailed && stale.errorCode == "precondition_failed", "\(stale.status) \(stale.text)")
            #expect(stale.text.contains("This points program changed since you last loaded it"), "\(stale.text)")
            let kept = try #require(try await Self.stored(client, user, program.id))
            #expect(kept.balance == 35_000 && kept.status == "Explorist" && Self.tag(kept) == v2, "nothing changed")
            // A value not written as a tag is a 412 too.
            #expect(try await Self.send(client, .put, item, user, ifMatch: "nonsense", json: ["kind": "hotel", "name": "Hyatt"]).status == .preconditionFailed)
            // An invalid change is a 422 whatever If-Match says.
            let invalid = try await Self.send(client, .put, item, user, ifMatch: v1, json: ["kind": "hotel", "name": "   "])
            #expect(invalid.status == .unprocessableContent && invalid.errorFields == ["name"], "\(invalid.status) \(invalid.text)")
            // A list holding the current tag, or *, lets the change through.
            let listed = try await Self.send(client, .put, item, user, ifMatch: "\(v1), \(v2)", json: ["kind": "hotel", "name": "Hyatt", "balance": 36_000])
            #expect(listed.status == .ok, "\(listed.text)")
            clock.advance(by: 1)
            let wildcard = try await Self.send(client, .put, item, user, ifMatch: "*", json: ["kind": "hotel", "name": "Hyatt", "balance": 37_000])
            #expect(wildcard.status == .ok, "\(wildcard.text)")
            let v3 = try #require(wildcard.headers[.eTag])
            #expect(v3 != v2)

            // Without If-Match a PUT is unconditional.
            clock.advance(by: 1)
            let unconditional = try await Self.send(client, .put, item, user, ifMatch: nil, json: ["kind": "hotel", "name": "Hyatt", "balance": 40_000])
            #expect(unconditional.status == .ok, "\(unconditional.text)")
            let v4 = try #require(unconditional.headers[.eTag])

            // DELETE: a stale tag is 412 and the program stays; the current one deletes it.
            let staleDelete = try await Self.send(client, .delete, item, user, ifMatch: v3)
            #expect(staleDelete.status == .preconditionFailed && staleDelete.errorCode == "precondition_failed", "\(staleDelete.text)")
            #expect(try await Self.stored(client, user, program.id)?.balance == 40_000, "still there")
            #expect(try await Self.send(client, .delete, item, user, ifMatch: v4).status == .noContent)
            #expect(try await Self.stored(client, user, program.id) == nil)
            // Gone: 404, whatever If-Match says.
            #expect(try await Self.send(client, .delete, item, user, ifMatch: v4).status == .notFound)

            // Without If-Match a DELETE is unconditional.
            let other = try await Self.created(client, user, clock, ["kind": "card", "name": "Bilt"])
            #expect(try await Self.send(client, .delete, Self.item(other.id), user, ifMatch: nil).status == .noContent)
            #expect(try await Self.stored(client, user, other.id) == nil)
        }
    }

    @Test("another user's or a missing program stays 404 with If-Match, its own tag included (404 wins over 412)", arguments: TestDatabase.allCases)
    func notFoundWins(_ database: TestDatabase) async throws {
        try await Self.with(database) { client, clock, _ in
            let owner = try await client.signIn(app: "farelens")
            let other = try await client.signIn(app: "farelens")
            let program = try await Self.created(client, owner, clock, ["kind": "airline", "name": "Delta", "balance": 5_000])
            let tag = Self.tag(program)
            let missing = Self.item(PointsProgramID())
            for ifMatch in [tag, "*", "\"2000-01-01T00:00:00.000Z\""] {
                let put = try await Self.send(client, .put, Self.item(program.id), other, ifMatch: ifMatch, json: ["kind": "airline", "name": "Delta", "balance": 1])
                #expect(put.status == .notFound, "PUT \(ifMatch): \(put.status) \(put.text)")
                let delete = try await Self.send(client, .delete, Self.item(program.id), other, ifMatch: ifMatch)
                #expect(delete.status == .notFound, "DELETE \(ifMatch): \(delete.status)")
                #expect(try await Self.send(client, .put, missing, owner, ifMatch: ifMatch, json: ["kind": "airline", "name": "Delta"]).status == .notFound)
                #expect(try await Self.send(client, .delete, missing, owner, ifMatch: ifMatch).status == .notFound)
            }
            let stored = try #require(try await Self.stored(client, owner, program.id))
            #expect(stored.balance == 5_000 && Self.tag(stored) == tag, "untouched by the probes")
            clock.advance(by: 1)
            #expect(try await Self.send(client, .put, Self.item(program.id), owner, ifMatch: tag, json: ["kind": "airline", "name": "Delta", "balance": 6_000]).status == .ok)
        }
    }

    @Test("concurrent PUTs naming the same version: exactly one lands, the others are 412 (the check and the write are one transaction)", arguments: TestDatabase.allCases)
    func concurrentWrites(_ database: TestDatabase) async throws {
        try await Self.with(database) { client, clock, _ in
            let user = try await client.signIn(app: "farelens")
            let program = try await Self.created(client, user, clock, ["kind": "card", "name": "Amex MR", "balance": 100])
            let tag = Self.tag(program)
            let item = Self.item(program.id)
            clock.advance(by: 1)
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<8 {
                    group.addTask {
                        Int(try await Self.send(client, .put, item, user, ifMatch: tag, json: ["kind": "card", "name": "Amex MR", "balance": 200 + index]).status.code)
                    }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == 200 }.count == 1, "\(statuses)")
            #expect(statuses.filter { $0 == 412 }.count == 7, "\(statuses)")
        }
    }

    @Test("the document: ETag on the POST's 201 and the PUT's 200, If-Match and 412 on the PUT and DELETE of one program")
    func documentedPreconditions() throws {
        let paths = try #require(try FareLensApp.servedOpenAPIDocument().object["paths"] as? [String: Any])
        func operation(_ path: String, _ method: String) -> [String: Any] { (paths[path] as? [String: Any])?[method] as? [String: Any] ?? [:] }
        func response(_ path: String, _ method: String, _ code: String) -> [String: Any]? {
            (operation(path, method)["responses"] as? [String: Any])?[code] as? [String: Any]
        }
        let item = "/v1/points/programs/{id}"
        for method in ["put", "delete"] {
            let parameters = (operation(item, method)["parameters"] as? [[String: Any]] ?? []).compactMap { $0["$ref"] as? String }
            #expect(parameters.contains("#/components/parameters/IfMatch"), "\(method) \(item)")
            #expect(response(item, method, "412")?["$ref"] as? String == "#/components/responses/PreconditionFailed", "\(method) \(item)")
        }
        #expect((response(item, "put", "200")?["headers"] as? [String: Any])?["ETag"] != nil, "PUT \(item)")
        #expect((response("/v1/points/programs", "post", "201")?["headers"] as? [String: Any])?["ETag"] != nil, "POST /v1/points/programs")
    }

    @Test("every bad field is a 422 naming it; lengths count characters as people see them", arguments: TestDatabase.allCases)
    func validation(_ database: TestDatabase) async throws {
        try await Self.with(database) { client, clock, _ in
            let user = try await client.signIn(app: "farelens")
            let family = "👨‍👩‍👧‍👦"
            let accented = "e\u{301}"
            let cases: [([String: Any], [String])] = [
                ([:], ["kind", "name"]),
                (["kind": "bank", "name": "X"], ["kind"]),
                (["kind": "airline", "name": "   "], ["name"]),
                (["kind": "airline", "name": String(repeating: "a", count: 61)], ["name"]),
                (["kind": "airline", "name": String(repeating: family, count: 61)], ["name"]),
                (["kind": "airline", "name": "X", "balance": -1], ["balance"]),
                (["kind": "airline", "name": "X", "balance": 1_000_000_001], ["balance"]),
                (["kind": "airline", "name": "X", "balance": "lots"], ["balance"]),
                (["kind": "airline", "name": "X", "status": String(repeating: accented, count: 41)], ["status"]),
                (["kind": "airline", "name": 7], ["name"]),
                // One character of 50,001 code points (the platform's bound is 32).
                (["kind": "airline", "name": "e" + String(repeating: "\u{301}", count: 50_000)], ["name"]),
            ]
            let existing = try await Self.created(client, user, clock, ["kind": "card", "name": "Amex"])
            for (body, fields) in cases {
                for (method, target) in [(HTTPRequest.Method.post, Self.path), (.put, Self.item(existing.id))] {
                    let response = try await client.send(method, target, token: user.accessToken, json: body)
                    #expect(response.status == .unprocessableContent, "\(method) \(body): \(response.text)")
                    #expect(Set(response.errorFields) == Set(fields), "\(method) \(body): \(response.text)")
                }
            }
            let heavy = try await client.send(.post, Self.path, token: user.accessToken, json: ["kind": "airline", "name": "e" + String(repeating: "\u{301}", count: 32)])
            #expect(heavy.text.contains(CharacterCount.message), "\(heavy.text)")
            // At the limits, as people see them: 60 emoji families (seven code points each), 40 accented letters.
            let longest = try await Self.created(
                client, user, clock,
                ["kind": "hotel", "name": String(repeating: family, count: 60), "balance": 1_000_000_000, "status": String(repeating: accented, count: 40)])
            #expect(longest.name.count == 60 && longest.status?.count == 40 && longest.balance == 1_000_000_000)
        }
    }

    @Test("bonuses: shown when the user holds the card or the airline program, announced ones not yet active, gone the day after they end", arguments: TestDatabase.allCases)
    func bonuses(_ database: TestDatabase) async throws {
        // 2026-03-31 23:00 UTC: Chase → Flying Blue's last day, an hour before Chase → United starts
        // (the jump stays within the access token's hour).
        try await Self.with(database, at: Date(timeIntervalSince1970: 1_774_998_000)) { client, clock, _ in
            let nobody = try await client.signIn(app: "farelens")
            #expect(try await Self.bonusIDs(client, nobody).isEmpty)
            _ = try await Self.created(client, nobody, clock, ["kind": "card", "name": "My credit union points"])
            #expect(try await Self.bonusIDs(client, nobody).isEmpty, "free text follows no bonus")

            let card = try await client.signIn(app: "farelens")
            _ = try await Self.created(client, card, clock, ["kind": "card", "name": "Chase Ultimate Rewards"])
            let chaseLater = ["2026-04-chase-united", "2026-09-chase-virgin", "2027-01-chase-british", "2027-05-chase-aeroplan", "2027-09-chase-united"]
            #expect(try await Self.bonusIDs(client, card) == ["2026-02-chase-flyingblue"] + chaseLater)
            let shown = try await client.send(.get, Self.bonusesPath, token: card.accessToken).decode(FareLensList<TransferBonus>.self).data
            #expect(shown[0].active && !shown[1].active && shown[0].percent == 25 && shown[0].toName == "Air France-KLM Flying Blue")
            #expect(shown[0].startsOn == LocalDate(year: 2026, month: 2, day: 1) && shown[0].endsOn == LocalDate(year: 2026, month: 3, day: 31))

            let airline = try await client.signIn(app: "farelens")
            _ = try await Self.created(client, airline, clock, ["kind": "airline", "name": "flying blue"])
            let flyingBlueLater = ["2026-05-bilt-flyingblue", "2026-12-citi-flyingblue", "2027-02-amex-flyingblue"]
            #expect(try await Self.bonusIDs(client, airline) == ["2026-02-chase-flyingblue"] + flyingBlueLater)
            // An airline name under kind card is not the airline program.
            let wrongKind = try await client.signIn(app: "farelens")
            _ = try await Self.created(client, wrongKind, clock, ["kind": "card", "name": "Flying Blue"])
            #expect(try await Self.bonusIDs(client, wrongKind).isEmpty)

            // 23:59 UTC: still its last day; a minute later, 2026-04-01: ended, and Chase → United has started.
            clock.advance(by: Date(timeIntervalSince1970: 1_775_001_540).timeIntervalSince(clock.now()))
            #expect(try await Self.bonusIDs(client, card).first == "2026-02-chase-flyingblue")
            clock.advance(by: 60)
            let april = try await client.send(.get, Self.bonusesPath, token: card.accessToken).decode(FareLensList<TransferBonus>.self).data
            #expect(april.map(\.id) == chaseLater && april[0].active)
            #expect(try await Self.bonusIDs(client, airline) == flyingBlueLater)
        }
    }

    @Test("config: the shipped flags and an A/B arm stable per user and equal to the one the booking links carry", arguments: TestDatabase.allCases)
    func config(_ database: TestDatabase) async throws {
        let clock = TestClock()
        try await SearchAPITests.withSearchServer(database, clock: clock) { client, _ in
            var arms: Set<AffiliateVariant> = []
            for index in 0..<40 where arms.count < 2 {
                let user = try await client.signIn(app: "farelens")
                let first = try await client.send(.get, FareLensRoutes.config.endpoint.path, token: user.accessToken)
                #expect(first.status == .ok, "\(first.text)")
                let config = try first.decode(FareLensConfig.self)
                #expect(config.flags == ConfigController.flags && config.flags["points_vault"] == true)
                let again = try await client.send(.get, FareLensRoutes.config.endpoint.path, token: user.accessToken).decode(FareLensConfig.self)
                #expect(again == config)
                if index < 2 || !arms.contains(config.experiments.affiliateCTA) {
                    let path = SearchAPITests.path("JFK", "LAX", clock: clock)
                    let links = try SearchBookingLinksAPITests.subIDs(try await client.send(.get, path, token: user.accessToken))
                    #expect(!links.isEmpty && links.allSatisfy { $0.variant == config.experiments.affiliateCTA })
                }
                arms.insert(config.experiments.affiliateCTA)
            }
            #expect(arms.count == 2, "users fall in both arms")
        }
    }
}

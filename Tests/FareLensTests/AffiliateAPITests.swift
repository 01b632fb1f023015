import AppServer
import Auth
import FareLens
import FareLensAPI
import Foundation
import HTTPTypes
import PlatformAPI
import PlatformCore
import TestSupport
import Testing

/// Booking links per deal, clicks, the Travelpayouts commission webhook, the booking survey and the
/// admins' affiliate report, through the HTTP API on both databases.
@Suite("FareLens affiliate API", .serialized, .timeLimit(.minutes(3)))
struct AffiliateAPITests {
    static let secret = "tp-webhook-secret"
    static let start = Date(timeIntervalSince1970: 1_790_000_000)
    static let webhook = FareLensRoutes.travelpayoutsWebhook.endpoint.path

    /// A server with FareLens, the webhook secret (unless `secret` is nil), `admins` on the allow-list and a test clock.
    static func withAffiliate(
        _ database: TestDatabase, secret: String? = Self.secret, admins: [String] = [], dataDirectory: String? = nil,
        _ body: @Sendable (TestClient, FareLensApp, TestClock, ServerComponents) async throws -> Void
    ) async throws {
        let clock = TestClock(start)
        try await withServer(
            database,
            configure: {
                $0.apps = [FareLensApp.id]
                if let dataDirectory { $0.dataDirectory = dataDirectory }
                if let secret { $0.appOverrides["FARELENS_TRAVELPAYOUTS_WEBHOOK_SECRET"] = secret }
                $0.adminAllowList = AdminAllowList(Set(admins.compactMap(UserID.init)))
            }, dependencies: .init(clock: clock)
        ) { client, server in
            try await body(client, try #require(server.app(FareLensApp.self)), clock, server)
        }
    }

    static func deal(_ origin: String = "SFO", _ destination: String = "LAX", airline: String = "UA") -> DealCandidate {
        let score = DealScore(score: 85, tier: .exceptional, percentile: 20, confidence: 1, explanation: [])
        return DealCandidate(
            origin: origin, destination: destination, departureDate: LocalDate(start, in: TimeZone(identifier: "UTC")!).adding(days: 30), airline: airline,
            priceCents: 45_000, currency: "USD", provider: .offline, score: score, expiresAt: start.addingTimeInterval(3600))
    }

    /// Records a deal and answers its id (from the feed).
    static func listedDeal(_ app: FareLensApp, _ client: TestClient, _ user: SignedIn, _ origin: String = "SFO", _ destination: String = "LAX") async throws -> DealID {
        try await app.deals.record([deal(origin, destination)])
        let feed = try await client.send(.get, FareLensRoutes.deals.endpoint.path + "?origin=\(origin)&destination=\(destination)", token: user.accessToken)
        return try #require(try feed.decode(FareLensList<Deal>.self).data.first).id
    }

    static func links(_ id: DealID, _ placement: String) -> String {
        FareLensRoutes.dealLinks.endpoint(id).path + "?placement=\(placement)"
    }

    static func post(_ client: TestClient, _ json: [String: Any], signature: String?? = .none) async throws -> APIResponse {
        let body = try JSONSerialization.data(withJSONObject: json)
        var headers = HTTPFields()
        let sign: String? = signature ?? TravelpayoutsTestSignature.sign(body, secret: secret)
        if let sign { headers[.init("X-Travelpayouts-Signature")!] = sign }
        return try await client.send(.post, webhook, body: body, headers: headers)
    }

    @Test("a deal's links carry the caller's watchlist, placement, arm and tier in the seed's schema; any other placement 422; unknown deal 404", arguments: TestDatabase.allCases)
    func dealLinks(_ database: TestDatabase) async throws {
        try await Self.withAffiliate(database) { client, app, _, _ in
            let user = try await client.signIn(app: "farelens")
            let id = try await Self.listedDeal(app, client, user)
            let watchlist = try await client.send(.post, FareLensRoutes.createWatchlist.endpoint.path, token: user.accessToken, json: ["origin": "SFO", "destination": "LAX"])
            #expect(watchlist.status == .created, "\(watchlist.text)")
            let variant = AffiliateVariant.assigned(to: try #require(UUID(uuidString: user.userID)))
            for placement in AffiliatePlacement.allCases {
                let response = try await client.send(.get, Self.links(id, placement.rawValue), token: user.accessToken)
                #expect(response.status == .ok, "\(response.text)")
                let links = try response.decode(DealLinks.self)
                #expect(links.links.map(\.provider) == ["airline", "aviasales", "wayaway"])
                for link in links.links {
                    let sub = try #require(URLComponents(string: link.url)?.queryItems?.first { $0.name == "sub_id" }?.value)
                    #expect(sub == "ios-fl-\(id.description.replacingOccurrences(of: "-", with: "%2D"))-sfo_lax-\(placement.rawValue)-\(variant.rawValue)-free")
                    #expect(link.url.hasPrefix("https://tp.media/r?campaign_id=100&marker=676763&sub_id="))
                    #expect(link.cta == variant.callToAction(link.label))
                }
            }
            let bad = try await client.send(.get, Self.links(id, "banner"), token: user.accessToken)
            #expect(bad.status == .unprocessableContent && bad.text.contains("placement"), "\(bad.text)")
            let missing = try await client.send(.get, FareLensRoutes.dealLinks.endpoint(id).path, token: user.accessToken)
            #expect(missing.status == .unprocessableContent)
            #expect(try await client.send(.get, Self.links(DealID(), "widget"), token: user.accessToken).status == .notFound)
        }
    }

    @Test(
        "the seed's schema (ios-fl-abc123-sfo_lax-dealcard-{arm}-free) is a 201 click for its user; every invalid field, another arm or a watchlist not theirs is a 422 naming it",
        arguments: TestDatabase.allCases)
    func clicks(_ database: TestDatabase) async throws {
        try await Self.withAffiliate(database) { client, _, clock, _ in
            let user = try await client.signIn(app: "farelens")
            let path = FareLensRoutes.recordClick.endpoint.path
            let watched = try await client.send(
                .post, FareLensRoutes.createWatchlist.endpoint.path, token: user.accessToken, json: ["origin": "SFO", "destination": "LAX"])
            #expect(watched.status == .created)
            let arm = AffiliateVariant.assigned(to: try #require(UUID(uuidString: user.userID)))
            let otherArm: AffiliateVariant = arm == .variantA ? .variantB : .variantA
            let seed = "ios-fl-abc123-sfo_lax-dealcard-\(arm.rawValue)-free"
            let created = try await client.send(
                .post, path, token: user.accessToken, json: ["deal_id": "abc123", "placement": "dealcard", "provider": "aviasales", "sub_id": seed])
            #expect(created.status == .created, "\(created.text)")
            let click = try created.decode(AffiliateClick.self)
            #expect(click.subID == seed && click.dealID == "abc123" && click.clickedAt == clock.now())
            let cases: [([String: Any], String)] = [
                (["placement": "dealcard", "provider": "aviasales", "sub_id": seed], "deal_id"),
                (["deal_id": "abc123", "placement": "banner", "provider": "aviasales", "sub_id": seed], "placement"),
                (["deal_id": "abc123", "placement": "dealcard", "provider": "expedia", "sub_id": seed], "provider"),
                (["deal_id": "abc123", "placement": "dealcard", "provider": "aviasales", "sub_id": "ios-fl-abc123"], "sub_id"),
                (["deal_id": "other", "placement": "dealcard", "provider": "aviasales", "sub_id": seed], "sub_id"),
                (["deal_id": "abc123", "placement": "widget", "provider": "aviasales", "sub_id": seed], "sub_id"),
                (["deal_id": "abc123", "placement": "dealcard", "provider": "aviasales"], "sub_id"),
                (["deal_id": String(repeating: "a", count: 65), "placement": "dealcard", "provider": "aviasales", "sub_id": seed], "deal_id"),
                // Forged: the other arm, a watchlist the caller does not keep.
                (["deal_id": "abc123", "placement": "dealcard", "provider": "aviasales", "sub_id": "ios-fl-abc123-sfo_lax-dealcard-\(otherArm.rawValue)-free"], "sub_id"),
                (["deal_id": "abc123", "placement": "dealcard", "provider": "aviasales", "sub_id": "ios-fl-abc123-jfk_lhr-dealcard-\(arm.rawValue)-free"], "sub_id"),
            ]
            for (body, field) in cases {
                let response = try await client.send(.post, path, token: user.accessToken, json: body)
                #expect(response.status == .unprocessableContent, "\(body)")
                let fields = (response.json["error"] as? [String: Any])?["fields"] as? [[String: Any]] ?? []
                #expect(fields.contains { $0["field"] as? String == field }, "\(body): \(response.text)")
            }
        }
    }

    @Test(
        "a click's deal id (a UUID) must name a deal: unknown 404 deal_not_found (and no survey unlocked), expired 201, purged 201 only for who was served its links or clicked it; a searched offer's id by shape; click ids lower-case",
        arguments: TestDatabase.allCases)
    func clickNeedsKnownDeal(_ database: TestDatabase) async throws {
        try await Self.withAffiliate(database) { client, app, clock, _ in
            let emails = (0..<4).map { _ in TestClient.freshEmail }
            func signIn() async throws -> [SignedIn] {
                var users: [SignedIn] = []
                for email in emails { users.append(try await client.signIn(email, app: "farelens")) }
                return users
            }
            func click(_ user: SignedIn, _ deal: String) async throws -> APIResponse {
                let arm = AffiliateVariant.assigned(to: try #require(UUID(uuidString: user.userID)))
                let sub = AffiliateSubID(dealID: deal, watchlist: nil, placement: .dealcard, variant: arm, tier: .free).description
                return try await client.send(
                    .post, FareLensRoutes.recordClick.endpoint.path, token: user.accessToken,
                    json: ["deal_id": deal, "placement": "dealcard", "provider": "aviasales", "sub_id": sub])
            }
            var users = try await signIn()
            let (served, clicker, late, stranger) = (0, 1, 2, 3)
            let unknown = DealID().description
            let made = try await click(users[served], unknown)
            #expect(made.status == .notFound && made.errorCode == DealID.notFoundCode, "\(made.text)")
            let survey = try await client.send(
                .post, FareLensRoutes.bookingSurvey.endpoint.path, token: users[served].accessToken, json: ["deal_id": unknown, "completed": true])
            #expect(survey.status == .notFound, "a refused click unlocks no survey: \(survey.text)")

            let id = try await Self.listedDeal(app, client, users[served]).description
            #expect(try await client.send(.get, Self.links(DealID(id)!, "dealcard"), token: users[served].accessToken).status == .ok)
            let listed = try await click(users[clicker], id.uppercased())
            #expect(listed.status == .created, "\(listed.text)")
            let clickID = try #require(listed.json["id"] as? String)
            #expect(clickID == clickID.lowercased() && UUID(uuidString: clickID) != nil, "click ids are lower-case like every id: \(clickID)")

            clock.advance(by: 2 * 3600)
            users = try await signIn()  // access tokens live an hour
            #expect(try await click(users[late], id).status == .created, "an expired deal is still clicked")
            #expect(try await app.deals.purgeExpired() >= 1)
            #expect(try await click(users[served], id).status == .created, "purged: its links were served to this user")
            #expect(try await click(users[clicker], id).status == .created, "purged: this user clicked it before (in capitals)")
            #expect(try await click(users[stranger], id).status == .notFound, "purged, and never seen by this user")
            #expect(try await click(users[stranger], "1").status == .created, "a searched offer's id is taken by its shape")
        }
    }

    @Test("the webhook's commission_cents states one range for every bad number: -5, 1e30, 2.5, \"5\" and one past the maximum", arguments: TestDatabase.allCases)
    func webhookCommissionRange(_ database: TestDatabase) async throws {
        try await Self.withAffiliate(database) { client, _, _, _ in
            let rule = "must be a whole number from 0 to 1000000000000"
            for value in ["-5", "1e30", "2.5", "\"5\"", "1000000000001", "99999999999999999999"] {
                let body = Data(#"{"id": "n-\#(UUID())", "sub_id": "ios-fl-x-none-widget-variantA-free", "commission_cents": \#(value)}"#.utf8)
                var headers = HTTPFields()
                headers[.init("X-Travelpayouts-Signature")!] = TravelpayoutsTestSignature.sign(body, secret: Self.secret)
                let response = try await client.send(.post, Self.webhook, body: body, headers: headers)
                #expect(response.status == .unprocessableContent, "\(value): \(response.text)")
                let fields = (response.json["error"] as? [String: Any])?["fields"] as? [[String: Any]] ?? []
                #expect(fields.count == 1 && fields.first?["field"] as? String == "commission_cents" && fields.first?["message"] as? String == rule, "\(value): \(response.text)")
            }
            let top = try await Self.post(client, ["id": "n-\(UUID())", "sub_id": "ios-fl-x-none-widget-variantA-free", "commission_cents": 1_000_000_000_000])
            #expect(top.status == .ok, "\(top.text)")
        }
    }

    @Test("the webhook: a good signature 200, a wrong or missing one 401 with WWW-Authenticate, no secret configured 401 too", arguments: TestDatabase.allCases)
    func webhookSignature(_ database: TestDatabase) async throws {
        try await Self.withAffiliate(database) { client, _, _, _ in
            let notice: [String: Any] = ["id": "n-\(UUID())", "sub_id": "ios-fl-x-none-widget-variantB-pro", "commission_cents": 1250, "currency": "usd"]
            let good = try await Self.post(client, notice)
            #expect(good.status == .ok, "\(good.text)")
            #expect(try good.decode(CommissionReceipt.self).matched == false)
            for signature: String? in [String(repeating: "0", count: 64), "nothex", nil] {
                let refused = try await Self.post(client, notice, signature: .some(signature))
                #expect(refused.status == .unauthorized, "\(String(describing: signature))")
                #expect(refused.headers[.wwwAuthenticate]?.hasPrefix("HMAC-SHA256") == true)
            }
            let unsigned = try await Self.post(client, ["id": "x", "sub_id": "y"], signature: .some(TravelpayoutsTestSignature.sign(Data("{}".utf8), secret: Self.secret)))
            #expect(unsigned.status == .unauthorized, "a signature of another body")
            let invalid = try await Self.post(client, ["sub_id": "y", "commission_cents": -1])
            #expect(invalid.status == .unprocessableContent && invalid.text.contains("commission_cents") && invalid.text.contains("\"id\""), "\(invalid.text)")
        }
        try await Self.withAffiliate(database, secret: nil) { client, _, _, _ in
            let off = try await Self.post(client, ["id": "a", "sub_id": "b"])
            #expect(off.status == .unauthorized && off.headers[.wwwAuthenticate] != nil, "nothing can be verified: \(off.text)")
        }
    }

    @Test("the same notification id twice, at once and again later: 200 each, stored once", arguments: TestDatabase.allCases)
    func webhookIdempotent(_ database: TestDatabase) async throws {
        try await Self.withAffiliate(database) { client, app, _, _ in
            let id = "n-\(UUID())"
            let notice: [String: Any] = ["id": id, "sub_id": "ios-fl-dup-none-widget-variantA-free"]
            let statuses = try await withThrowingTaskGroup(of: (HTTPResponse.Status, Bool).self) { group in
                for _ in 0..<6 {
                    group.addTask {
                        let response = try await Self.post(client, ["id": id, "sub_id": "ios-fl-dup-none-widget-variantA-free"])
                        return (response.status, (try? response.decode(CommissionReceipt.self).duplicate) ?? false)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.allSatisfy { $0.0 == .ok }, "\(statuses)")
            #expect(statuses.filter { !$0.1 }.count == 1, "exactly one is new")
            #expect(try await Self.post(client, notice).decode(CommissionReceipt.self).duplicate)
            #expect(try await app.affiliate.conversionCount(notificationID: id) == 1)
        }
    }

    @Test("a commission matches its sub_id's click up to exactly 30 days later; a second later it is kept unmatched", arguments: TestDatabase.allCases)
    func cookieWindow(_ database: TestDatabase) async throws {
        try await Self.withAffiliate(database) { client, _, clock, _ in
            for (offset, matched) in [(30.0 * 86_400, true), (30.0 * 86_400 + 1, false)] {
                let user = try await client.signIn(app: "farelens")
                let deal = "w\(Int(offset))-\(UUID().uuidString.prefix(8))"
                let arm = AffiliateVariant.assigned(to: try #require(UUID(uuidString: user.userID)))
                let sub = AffiliateSubID(dealID: deal, watchlist: nil, placement: .glasssheet, variant: arm, tier: .free).description
                let click = try await client.send(
                    .post, FareLensRoutes.recordClick.endpoint.path, token: user.accessToken,
                    json: ["deal_id": deal, "placement": "glasssheet", "provider": "wayaway", "sub_id": sub])
                #expect(click.status == .created, "\(click.text)")
                clock.advance(by: offset)
                let receipt = try await Self.post(client, ["id": "n-\(UUID())", "sub_id": sub]).decode(CommissionReceipt.self)
                #expect(receipt.matched == matched, "\(offset)")
            }
        }
    }

    @Test("the survey keeps one answer per user and deal, a second replacing it; an unknown deal 404, bad fields 422", arguments: TestDatabase.allCases)
    func survey(_ database: TestDatabase) async throws {
        try await Self.withAffiliate(database) { client, app, clock, _ in
            let user = try await client.signIn(app: "farelens")
            let id = try await Self.listedDeal(app, client, user)
            let path = FareLensRoutes.bookingSurvey.endpoint.path
            #expect(try await client.send(.post, path, token: user.accessToken, json: ["deal_id": id.description, "completed": false]).status == .ok)
            clock.advance(by: 60)
            let second = try await client.send(.post, path, token: user.accessToken, json: ["deal_id": id.description, "completed": true])
            #expect(second.status == .ok, "\(second.text)")
            let answers = try await app.affiliate.surveyAnswers(for: try #require(UserID(user.userID)))
            #expect(answers == [BookingSurveyAnswer(dealID: id.description, completed: true, answeredAt: clock.now())])
            #expect(try await client.send(.post, path, token: user.accessToken, json: ["deal_id": DealID().description, "completed": true]).status == .notFound)
            let invalid = try await client.send(.post, path, token: user.accessToken, json: ["deal_id": ""])
            #expect(invalid.status == .unprocessableContent && invalid.text.contains("completed") && invalid.text.contains("deal_id"), "\(invalid.text)")
        }
    }

    @Test("the report: impressions, clicks, matched conversions, CTR and median time to book by placement and arm; off the allow-list 403", arguments: TestDatabase.allCases)
    func report(_ database: TestDatabase) async throws {
        // Two users signed in on one server, then a second on the same database with the first an admin.
        let folder = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (admin, other) = try await withServer(
            database,
            configure: {
                $0.apps = [FareLensApp.id]; $0.dataDirectory = folder.path
            }, dependencies: .init(clock: TestClock(Self.start))
        ) { client, _ in (try await client.signIn(app: "farelens"), try await client.signIn(app: "farelens")) }
        try await Self.withAffiliate(database, admins: [admin.userID], dataDirectory: folder.path) { client, app, clock, server in
            // The report counts every user's rows: on the shared PostgreSQL database it starts from none.
            try await server.database.transaction { db in
                try await db.raw("DELETE FROM farelens_link_impressions").run()
                try await db.raw("DELETE FROM farelens_affiliate_clicks").run()
                try await db.raw("DELETE FROM farelens_affiliate_conversions").run()
            }
            let id = try await Self.listedDeal(app, client, admin)
            let variant = AffiliateVariant.assigned(to: try #require(UUID(uuidString: admin.userID)))
            // 4 dealcard impressions and 1 widget; 2 dealcard clicks, 1 widget click.
            for _ in 0..<4 { #expect(try await client.send(.get, Self.links(id, "dealcard"), token: admin.accessToken).status == .ok) }
            #expect(try await client.send(.get, Self.links(id, "widget"), token: admin.accessToken).status == .ok)
            var subs: [String] = []
            for placement in ["dealcard", "dealcard", "widget"] {
                let sub = AffiliateSubID(dealID: id.description, watchlist: nil, placement: AffiliatePlacement(rawValue: placement)!, variant: variant, tier: .free)
                    .description
                subs.append(sub)
                let click = try await client.send(
                    .post, FareLensRoutes.recordClick.endpoint.path, token: admin.accessToken,
                    json: ["deal_id": id.description, "placement": placement, "provider": "aviasales", "sub_id": sub])
                #expect(click.status == .created, "\(click.text)")
            }
            // Conversions 20 and 40 minutes after the clicks (both on the dealcard sub id), and one unmatched.
            clock.advance(by: 1200)
            _ = try await Self.post(client, ["id": "r1-\(UUID())", "sub_id": subs[0]])
            clock.advance(by: 1200)
            _ = try await Self.post(client, ["id": "r2-\(UUID())", "sub_id": subs[0]])
            _ = try await Self.post(client, ["id": "r3-\(UUID())", "sub_id": "ios-fl-none-none-widget-variantA-free"])
            let response = try await client.send(.get, FareLensRoutes.affiliateReport.endpoint.path, token: admin.accessToken)
            #expect(response.status == .ok, "\(response.text)")
            let report = try response.decode(AffiliateReport.self)
            let dealcard = try #require(report.byPlacement.first { $0.key == "dealcard" })
            #expect(dealcard == AffiliateReport.Row(key: "dealcard", impressions: 4, clicks: 2, conversions: 2, ctr: 0.5, medianTimeToBookSeconds: 1800))
            #expect(
                report.byPlacement.first { $0.key == "widget" }
                    == AffiliateReport.Row(key: "widget", impressions: 1, clicks: 1, conversions: 0, ctr: 1, medianTimeToBookSeconds: nil))
            #expect(
                report.byPlacement.first { $0.key == "glasssheet" }
                    == AffiliateReport.Row(key: "glasssheet", impressions: 0, clicks: 0, conversions: 0, ctr: nil, medianTimeToBookSeconds: nil))
            #expect(
                report.byVariant.first { $0.key == variant.rawValue }
                    == AffiliateReport.Row(key: variant.rawValue, impressions: 5, clicks: 3, conversions: 2, ctr: 0.6, medianTimeToBookSeconds: 1800))
            #expect(report.unmatchedConversions == 1)
            let refused = try await client.send(.get, FareLensRoutes.affiliateReport.endpoint.path, token: other.accessToken)
            #expect(refused.status == .forbidden, "\(refused.text)")
            #expect(try await client.send(.get, FareLensRoutes.affiliateReport.endpoint.path).status == .unauthorized)
        }
    }
}

/// The webhook's signature as Travelpayouts computes it (hex HMAC-SHA256 of the body).
enum TravelpayoutsTestSignature {
    static func sign(_ body: Data, secret: String) -> String { TravelpayoutsSignature.sign(body, secret: secret) }
}

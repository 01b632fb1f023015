import FareLens
import FareLensAPI
import Foundation
import PlatformCore
import TestSupport
import Testing

/// appAccountToken: `GET /me` hands the app its token (the user id) to buy with; `verify` refuses a
/// transaction another account bought; a notification binds an unbound subscription to the
/// FareLens user its token names (a purchase on a device that never verified).
@Suite("FareLens appAccountToken", .timeLimit(.minutes(3)))
struct SubscriptionAccountTokenTests {
    @Test("GET /me carries app_account_token, the user id", arguments: TestDatabase.allCases)
    func meCarriesToken(_ database: TestDatabase) async throws {
        try await SubscriptionsAPITests.with(database) { h in
            let user = try await h.client.signIn(app: "farelens")
            let response = try await h.client.send(.get, FareLensRoutes.me.endpoint.path, token: user.accessToken)
            let token = try #require(response.json["app_account_token"] as? String, "\(response.text)")
            #expect(token == user.userID.lowercased() && token == response.json["user_id"] as? String)
        }
    }

    @Test("verify: another account's appAccountToken (or not a UUID) → 422 on signed_transaction; the caller's in any case, or none, → Pro", arguments: TestDatabase.allCases)
    func verifyChecksToken(_ database: TestDatabase) async throws {
        try await SubscriptionsAPITests.with(database) { h in
            let buyer = try await h.client.signIn(app: "farelens")
            let other = try await h.client.signIn(app: "farelens")
            let bought = try h.ca.sign(h.transaction("9400001", token: buyer.userID.uppercased()))
            let refused = try await h.verify(other, bought)
            #expect(refused.status == .unprocessableContent && refused.errorFields == ["signed_transaction"], "\(refused.text)")
            #expect(refused.text.contains("was bought by another account"), "\(refused.text)")
            let garbled = try await h.verify(other, try h.ca.sign(h.transaction("9400002", token: "not-a-uuid")))
            #expect(garbled.status == .unprocessableContent && garbled.errorFields == ["signed_transaction"], "\(garbled.text)")
            #expect(try await h.me(other).tier == .free)
            #expect(try await h.verify(buyer, bought).decode(FareLensAccount.self).tier == .pro)
            let untokened = try await h.verify(other, try h.ca.sign(h.transaction("9400003")))
            #expect(try untokened.decode(FareLensAccount.self).tier == .pro, "\(untokened.text)")
        }
    }

    @Test(
        "notifications: an unbound subscription binds to its token's FareLens user; a bound one stays with its owner; an unknown token is stored", arguments: TestDatabase.allCases)
    func notificationBindsByToken(_ database: TestDatabase) async throws {
        try await SubscriptionsAPITests.with(database) { h in
            let buyer = try await h.client.signIn(app: "farelens")
            // Bought on a device that never called verify: the token names the buyer.
            let subscribed = try await h.notify(try h.notification("SUBSCRIBED", transaction: h.transaction("9500001", token: buyer.userID)))
            #expect(subscribed.json["outcome"] as? String == "applied", "\(subscribed.text)")
            #expect(try await h.me(buyer).tier == .pro)
            // Later notifications of the subscription reach the buyer by its original transaction id.
            let refund = try await h.notify(try h.notification("REFUND", transaction: h.transaction("9500001", revoked: true)))
            #expect(refund.json["outcome"] as? String == "applied", "\(refund.text)")
            #expect(try await h.me(buyer).tier == .free)

            // Bound to its owner already: a token naming someone else does not move it.
            let owner = try await h.client.signIn(app: "farelens")
            let intruder = try await h.client.signIn(app: "farelens")
            #expect(try await h.verify(owner, try h.ca.sign(h.transaction("9500002"))).status == .ok)
            let renewal = try await h.notify(
                try h.notification("DID_RENEW", transaction: h.transaction("9500002", days: 60, token: intruder.userID)))
            #expect(renewal.json["outcome"] as? String == "applied", "\(renewal.text)")
            #expect(try await h.me(owner).tier == .pro)
            #expect(try await h.me(intruder).tier == .free)

            // A token naming no FareLens user: kept unbound until the app verifies.
            let unknown = try await h.notify(try h.notification("SUBSCRIBED", transaction: h.transaction("9500003", token: UUID().uuidString)))
            #expect(unknown.json["outcome"] as? String == "stored", "\(unknown.text)")
        }
    }
}

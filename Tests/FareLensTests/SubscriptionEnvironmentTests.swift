import FareLens
import FareLensAPI
import Foundation
import Persistence
import PlatformCore
import TestSupport
import Testing

/// App Store environments: a purchase made in an environment the server does not take (a free
/// Sandbox purchase on a production server) grants nothing — `verify` refuses it with a 422 naming
/// `signed_transaction`, the webhook answers 200 `ignored` without claiming or writing anything.
@Suite("FareLens App Store environments", .timeLimit(.minutes(3)))
struct SubscriptionEnvironmentTests {
    static let productionOnly = ["FARELENS_APPSTORE_ENVIRONMENTS": "Production"]

    /// How many notifications were claimed.
    static func claimed(_ h: SubscriptionsAPITests.Harness) async throws -> Int {
        try await h.database.read { db in
            try await db.raw("SELECT COUNT(*) AS n FROM farelens_appstore_notifications").first()?.decode(column: "n", as: Int.self) ?? 0
        }
    }

    @Test("a server taking Production only: a Sandbox or Xcode transaction or one naming no environment → 422; a Production one is Pro", arguments: TestDatabase.allCases)
    func verifyRefusesOtherEnvironments(_ database: TestDatabase) async throws {
        try await SubscriptionsAPITests.with(database, settings: Self.productionOnly) { h in
            let user = try await h.client.signIn(app: "farelens")
            for environment in ["Sandbox", "Xcode", "LocalTesting", nil] as [String?] {
                let response = try await h.verify(user, try h.ca.sign(h.transaction("9100001", environment: environment)))
                #expect(response.status == .unprocessableContent && response.errorFields == ["signed_transaction"], "\(environment ?? "none"): \(response.text)")
            }
            let sandbox = try await h.verify(user, try h.ca.sign(h.transaction("9100001", environment: "Sandbox")))
            #expect(sandbox.text.contains("was made in the Sandbox environment; this server takes Production"), "\(sandbox.text)")
            #expect(try await h.me(user).tier == .free)
            let production = try await h.verify(user, try h.ca.sign(h.transaction("9100001", environment: "Production")))
            #expect(production.status == .ok, "\(production.text)")
            #expect(try production.decode(FareLensAccount.self).tier == .pro)
        }
    }

    @Test("a server taking Production only: a Sandbox notification → 200 ignored, no tier change, nothing claimed", arguments: TestDatabase.allCases)
    func notificationFromRefusedEnvironmentIsIgnored(_ database: TestDatabase) async throws {
        try await SubscriptionsAPITests.with(database, settings: Self.productionOnly) { h in
            let user = try await h.client.signIn(app: "farelens")
            #expect(try await h.verify(user, try h.ca.sign(h.transaction("9200001", environment: "Production"))).status == .ok)
            // A Sandbox refund of the same original transaction id: ignored, the user stays Pro.
            let uuid = UUID().uuidString
            let sandboxRefund = try h.notification(
                "REFUND", uuid: uuid, transaction: h.transaction("9200001", revoked: true, environment: "Sandbox"), environment: "Sandbox")
            let response = try await h.notify(sandboxRefund)
            #expect(response.status == .ok && response.json["outcome"] as? String == "ignored", "\(response.text)")
            #expect((response.json["reason"] as? String)?.contains("Sandbox environment; this server takes Production") == true, "\(response.text)")
            #expect(try await h.me(user).tier == .pro)
            // A Sandbox purchase naming this user: not bound, not applied.
            let other = try await h.client.signIn(app: "farelens")
            let sandboxBuy = try h.notification(
                "SUBSCRIBED", transaction: h.transaction("9200002", environment: "Sandbox", token: other.userID), environment: "Sandbox")
            #expect(try await h.notify(sandboxBuy).json["outcome"] as? String == "ignored")
            #expect(try await h.me(other).tier == .free)
            #expect(try await Self.claimed(h) == 0)
            // A Production notification is handled (and claimed).
            let production = try h.notification("DID_RENEW", transaction: h.transaction("9200001", environment: "Production"), environment: "Production")
            #expect(try await h.notify(production).json["outcome"] as? String == "applied")
            #expect(try await Self.claimed(h) == 1)
            // The first Sandbox delivery again: still ignored, never a duplicate (nothing was claimed).
            #expect(try await h.notify(sandboxRefund).json["outcome"] as? String == "ignored")
        }
    }

    @Test("a development server takes every environment: Sandbox and Xcode transactions and Sandbox notifications count", arguments: TestDatabase.allCases)
    func developmentTakesEveryEnvironment(_ database: TestDatabase) async throws {
        try await SubscriptionsAPITests.with(database) { h in
            let user = try await h.client.signIn(app: "farelens")
            #expect(try await h.verify(user, try h.ca.sign(h.transaction("9300001", environment: "Xcode"))).decode(FareLensAccount.self).tier == .pro)
            let other = try await h.client.signIn(app: "farelens")
            #expect(try await h.verify(other, try h.ca.sign(h.transaction("9300002", environment: "Sandbox"))).decode(FareLensAccount.self).tier == .pro)
            let refund = try h.notification("REFUND", transaction: h.transaction("9300002", revoked: true), environment: "Sandbox")
            #expect(try await h.notify(refund).json["outcome"] as? String == "applied")
            #expect(try await h.me(other).tier == .free)
        }
    }

    @Test("FARELENS_APPSTORE_ENVIRONMENTS: default Production on production and all three on development; a list is read in any case; an unknown name is refused")
    func setting() throws {
        func settings(_ values: [String: String]) throws -> AppStoreSettings {
            try AppStoreSettings(settings: Settings.layered(overrides: values, environment: [:]).scoped(to: .farelens))
        }
        let unset = try settings([:])
        #expect(unset.environments == nil)
        #expect(unset.acceptedEnvironments(isDevelopment: false) == [.production])
        #expect(unset.acceptedEnvironments(isDevelopment: true) == [.production, .sandbox, .xcode])
        let listed = try settings(["FARELENS_APPSTORE_ENVIRONMENTS": "production, SANDBOX"])
        #expect(listed.acceptedEnvironments(isDevelopment: false) == [.production, .sandbox])
        #expect(listed.acceptedEnvironments(isDevelopment: true) == [.production, .sandbox])
        #expect(throws: ConfigurationInvalid.self) { try settings(["FARELENS_APPSTORE_ENVIRONMENTS": "Production,Staging"]) }
    }
}

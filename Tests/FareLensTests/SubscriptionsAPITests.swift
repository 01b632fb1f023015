import AppServer
import Crypto
import FareLens
import FareLensAPI
import Foundation
import Persistence
import PlatformCore
import TestSupport
import Testing
import X509

/// A local App Store CA (root → intermediate → leaf, P-256) that signs StoreKit 2 transactions and
/// App Store Server Notifications the way Apple does: ES256 with the chain in `x5c`, the leaf and the
/// intermediate carrying Apple's App Store markers. ``issue(_:key:by:issuerKey:authority:marker:)``
/// mints other certificates under the same root, for chains that are not the App Store's.
struct LocalAppStoreCA: Sendable {
    /// Apple's extension on App Store signing leaves (1.2.840.113635.100.6.11.1, value NULL).
    static let leafMarker = Certificate.Extension(oid: [1, 2, 840, 113_635, 100, 6, 11, 1], critical: false, value: [0x05, 0x00])
    /// Apple's extension on the App Store intermediate (1.2.840.113635.100.6.2.1, value NULL).
    static let intermediateMarker = Certificate.Extension(oid: [1, 2, 840, 113_635, 100, 6, 2, 1], critical: false, value: [0x05, 0x00])

    let rootKey = P256.Signing.PrivateKey()
    let intermediateKey = P256.Signing.PrivateKey()
    let leafKey = P256.Signing.PrivateKey()
    let notBefore: Date
    let notAfter: Date
    let root: Certificate
    let intermediate: Certificate
    let leaf: Certificate

    init(validAround now: Date) throws {
        (notBefore, notAfter) = (now.addingTimeInterval(-365 * 86_400), now.addingTimeInterval(3650 * 86_400))
        let rootName = try DistinguishedName { CommonName("Local App Store Root") }
        root = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(rootKey.publicKey), notValidBefore: notBefore, notValidAfter: notAfter,
            issuer: rootName, subject: rootName, signatureAlgorithm: .ecdsaWithSHA256, extensions: try Self.extensions(authority: true),
            issuerPrivateKey: .init(rootKey))
        intermediate = try Self.issue(
            "Local App Store Intermediate", key: intermediateKey, by: root, issuerKey: rootKey, authority: true, marker: Self.intermediateMarker,
            from: notBefore, until: notAfter)
        leaf = try Self.issue(
            "Local App Store Signing", key: leafKey, by: intermediate, issuerKey: intermediateKey, authority: false, marker: Self.leafMarker,
            from: notBefore, until: notAfter)
    }

    var rootPEM: String { get throws { try root.serializeAsPEM().pemString } }

    /// A certificate for `key` named `name`, issued by `issuer` (valid like this CA's), carrying `marker` when given.
    func issue(
        _ name: String, key: P256.Signing.PrivateKey, by issuer: Certificate, issuerKey: P256.Signing.PrivateKey, authority: Bool,
        marker: Certificate.Extension?
    ) throws -> Certificate {
        try Self.issue(name, key: key, by: issuer, issuerKey: issuerKey, authority: authority, marker: marker, from: notBefore, until: notAfter)
    }

    static func issue(
        _ name: String, key: P256.Signing.PrivateKey, by issuer: Certificate, issuerKey: P256.Signing.PrivateKey, authority: Bool,
        marker: Certificate.Extension?, from: Date, until: Date
    ) throws -> Certificate {
        try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(key.publicKey), notValidBefore: from, notValidAfter: until, issuer: issuer.subject,
            subject: try DistinguishedName { CommonName(name) }, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try extensions(authority: authority, marker: marker), issuerPrivateKey: .init(issuerKey))
    }

    static func extensions(authority: Bool, marker: Certificate.Extension? = nil) throws -> Certificate.Extensions {
        var extensions = try Certificate.Extensions {
            if authority {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil))
                Critical(KeyUsage(keyCertSign: true))
            } else {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
            }
        }
        if let marker { try extensions.append(marker) }
        return extensions
    }

    /// `payload` as a JWS signed by the leaf, its chain in `x5c` (Apple sends leaf, intermediate, root).
    func sign(_ payload: [String: Any], x5c: Bool = true) throws -> String {
        try Self.sign(payload, by: leafKey, x5c: x5c ? [leaf, intermediate, root] : nil)
    }

    /// `payload` as a JWS signed by `key`, `x5c` (leaf first) in its header when given.
    static func sign(_ payload: [String: Any], by key: P256.Signing.PrivateKey, x5c: [Certificate]?) throws -> String {
        var header: [String: Any] = ["alg": "ES256"]
        if let x5c { header["x5c"] = try x5c.map { Data(try $0.serializeAsPEM().derBytes).base64EncodedString() } }
        let input =
            try JSONSerialization.data(withJSONObject: header).base64URLEncoded() + "."
            + JSONSerialization.data(withJSONObject: payload).base64URLEncoded()
        let signature = try key.signature(for: Data(input.utf8)).rawRepresentation
        return input + "." + signature.base64URLEncoded()
    }
}

/// FareLens subscriptions through the HTTP API on both databases: StoreKit 2 transactions verified
/// against a locally made chain, trials, expiry (the sweep), refunds and revocations, every 422,
/// the 409 for another account's subscription, and the App Store notifications webhook
/// (idempotency, unknown users kept, downgrades pausing watchlists).
@Suite("FareLens subscriptions", .timeLimit(.minutes(3)))
struct SubscriptionsAPITests {
    /// 2026-03-01 12:00 UTC.
    static let start = Date(timeIntervalSince1970: 1_772_366_400)
    static let bundle = "com.example.farelens"
    static var verifyPath: String { FareLensRoutes.verifySubscription.endpoint.path }
    static var webhookPath: String { FareLensRoutes.appStoreNotification.endpoint.path }

    struct Harness: Sendable {
        let client: TestClient
        let clock: TestClock
        let app: FareLensApp
        let ca: LocalAppStoreCA
        let database: any Database

        func verify(_ user: SignedIn, _ jws: String) async throws -> APIResponse {
            try await client.send(.post, SubscriptionsAPITests.verifyPath, token: user.accessToken, json: ["signed_transaction": jws])
        }

        func notify(_ jws: String) async throws -> APIResponse {
            try await client.send(.post, SubscriptionsAPITests.webhookPath, json: ["signedPayload": jws])
        }

        /// `GET /me` as the account of `email`, signed in afresh (the clock may be past an hour-long token).
        func me(email: String) async throws -> FareLensAccount {
            try await me(try await client.signIn(email, app: "farelens"))
        }

        func me(_ user: SignedIn) async throws -> FareLensAccount {
            let response = try await client.send(.get, FareLensRoutes.me.endpoint.path, token: user.accessToken)
            #expect(response.status == .ok, "\(response.text)")
            return try response.decode(FareLensAccount.self)
        }

        /// A transaction of `original` for `days` from now (trial: the introductory free trial).
        func transaction(
            _ original: String, days: Double = 30, trial: Bool = false, revoked: Bool = false, product: String = "farelens.pro.monthly",
            bundle: String = SubscriptionsAPITests.bundle, environment: String? = "Sandbox", token: String? = nil
        ) -> [String: Any] {
            let now = clock.now()
            var payload: [String: Any] = [
                "transactionId": UUID().uuidString, "originalTransactionId": original, "bundleId": bundle, "productId": product,
                "purchaseDate": Self.ms(now), "expiresDate": Self.ms(now.addingTimeInterval(days * 86_400)), "type": "Auto-Renewable Subscription",
                "signedDate": Self.ms(now),
            ]
            if let environment { payload["environment"] = environment }
            if let token { payload["appAccountToken"] = token }
            if trial {
                payload["offerType"] = 1
                payload["offerDiscountType"] = "FREE_TRIAL"
            }
            if revoked { payload["revocationDate"] = Self.ms(now) }
            return payload
        }

        func notification(
            _ type: String, subtype: String? = nil, uuid: String = UUID().uuidString, transaction: [String: Any], renewal: [String: Any]? = nil,
            environment: String? = "Sandbox"
        )
            throws -> String
        {
            var data: [String: Any] = ["bundleId": SubscriptionsAPITests.bundle, "signedTransactionInfo": try ca.sign(transaction)]
            if let environment { data["environment"] = environment }
            if let renewal { data["signedRenewalInfo"] = try ca.sign(renewal) }
            var payload: [String: Any] = ["notificationType": type, "notificationUUID": uuid, "version": "2.0", "signedDate": Self.ms(clock.now()), "data": data]
            if let subtype { payload["subtype"] = subtype }
            return try ca.sign(payload)
        }

        static func ms(_ date: Date) -> Int64 { Int64(date.timeIntervalSince1970 * 1000) }
    }

    /// - Parameter settings: more `FARELENS_…` overrides (e.g. the accepted App Store environments).
    static func with(
        _ database: TestDatabase, settings: [String: String] = [:], _ body: @Sendable @escaping (Harness) async throws -> Void
    ) async throws {
        let clock = TestClock(start)
        let ca = try LocalAppStoreCA(validAround: start)
        let overrides = ["FARELENS_APPSTORE_ROOT_CERT": try ca.rootPEM, "FARELENS_APPSTORE_BUNDLE_ID": bundle].merging(settings) { $1 }
        // PostgreSQL: a database of its own, as the expiry sweep looks at every account.
        @Sendable func run(_ url: String?) async throws {
            try await withServer(
                database,
                configure: {
                    $0.apps = [FareLensApp.id]
                    if let url { $0.databaseURL = url }
                    for (key, value) in overrides { $0.appOverrides[key] = value }
                }, dependencies: .init(clock: clock)
            ) { client, server in
                let app = try #require(server.apps.compactMap { $0 as? FareLensApp }.first)
                try await body(Harness(client: client, clock: clock, app: app, ca: ca, database: server.database))
            }
        }
        if database == .postgres { try await withIsolatedPostgres { try await run($0) } } else { try await run(nil) }
    }

    @Test("the App Store webhook lives beside the other webhooks at /farelens/v1/webhooks/appstore; the old path is gone", arguments: TestDatabase.allCases)
    func webhookPath(_ database: TestDatabase) async throws {
        try await Self.with(database) { h in
            #expect(Self.webhookPath == "/farelens/v1/webhooks/appstore")
            let test = try h.ca.sign(["notificationType": "TEST", "notificationUUID": UUID().uuidString])
            #expect(try await h.notify(test).json["outcome"] as? String == "ignored")
            let old = try await h.client.send(.post, "/farelens/webhooks/appstore", json: ["signedPayload": test])
            #expect(old.status == .notFound, "\(old.text)")
            let document = try await h.client.send(.get, "/farelens/openapi.json")
            // Paths are relative to the document's server, /farelens.
            let paths = try #require(document.json["paths"] as? [String: Any])
            #expect(paths["/v1/webhooks/appstore"] != nil && paths["/webhooks/appstore"] == nil, "\(paths.keys.sorted())")
        }
    }

    @Test("a verified transaction puts the caller on Pro; the answer and GET /me agree", arguments: TestDatabase.allCases)
    func verifiedIsPro(_ database: TestDatabase) async throws {
        try await Self.with(database) { h in
            let user = try await h.client.signIn(app: "farelens")
            let response = try await h.verify(user, try h.ca.sign(h.transaction("1000001")))
            #expect(response.status == .ok, "\(response.text)")
            let account = try response.decode(FareLensAccount.self)
            #expect(account.tier == .pro && account.trialEndsAt == nil && account.entitlements == FareLensTier.pro.entitlements)
            #expect(try await h.me(user).tier == .pro)
            // Verifying it again is the same answer.
            #expect(try await h.verify(user, try h.ca.sign(h.transaction("1000001"))).status == .ok)
        }
    }

    @Test("the 14-day trial is Pro with trial_ends_at until it ends; then the sweep puts the user on free", arguments: TestDatabase.allCases)
    func trial(_ database: TestDatabase) async throws {
        try await Self.with(database) { h in
            let email = TestClient.freshEmail
            let user = try await h.client.signIn(email, app: "farelens")
            let response = try await h.verify(user, try h.ca.sign(h.transaction("2000001", days: 14, trial: true)))
            #expect(response.status == .ok, "\(response.text)")
            let account = try response.decode(FareLensAccount.self)
            let trialEnd = Self.start.addingTimeInterval(14 * 86_400)
            #expect(account.tier == .pro)
            #expect(abs((account.trialEndsAt ?? .distantPast).timeIntervalSince(trialEnd)) < 1, "\(response.text)")
            h.clock.advance(by: 13 * 86_400)
            #expect(try await h.app.subscriptions.sweepExpired() == 0)
            #expect(try await h.me(email: email).tier == .pro)
            h.clock.advance(by: 2 * 86_400)
            #expect(try await h.app.subscriptions.sweepExpired() == 1)
            let after = try await h.me(email: email)
            #expect(after.tier == .free && after.trialEndsAt == nil)
        }
    }

    @Test("an expired, a revoked or a refunded subscription is free", arguments: TestDatabase.allCases)
    func expiredAndRevoked(_ database: TestDatabase) async throws {
        try await Self.with(database) { h in
            let email = TestClient.freshEmail
            let user = try await h.client.signIn(email, app: "farelens")
            let expired = try await h.verify(user, try h.ca.sign(h.transaction("3000001", days: -1)))
            #expect(expired.status == .ok, "\(expired.text)")
            #expect(try expired.decode(FareLensAccount.self).tier == .free)
            let revoked = try await h.verify(user, try h.ca.sign(h.transaction("3000002", revoked: true)))
            #expect(revoked.status == .ok, "\(revoked.text)")
            #expect(try revoked.decode(FareLensAccount.self).tier == .free)

            // Paid, then expired without any notification: the sweep puts the user back on free.
            let paid = try await h.verify(user, try h.ca.sign(h.transaction("3000003", days: 1)))
            #expect(try paid.decode(FareLensAccount.self).tier == .pro)
            h.clock.advance(by: 86_400 + 1)
            #expect(try await h.app.subscriptions.sweepExpired() == 1)
            #expect(try await h.me(email: email).tier == .free)

            // Paid, then refunded through a notification.
            let other = try await h.client.signIn(app: "farelens")
            let bought = try h.ca.sign(h.transaction("3000004"))
            #expect(try await h.verify(other, bought).decode(FareLensAccount.self).tier == .pro)
            h.clock.advance(by: 60)
            let refund = try await h.notify(try h.notification("REFUND", transaction: h.transaction("3000004", revoked: true)))
            #expect(refund.status == .ok && refund.json["outcome"] as? String == "applied", "\(refund.text)")
            #expect(try await h.me(other).tier == .free)
            // The transaction signed before the refund, sent again (by the app, or replayed): the refund stays.
            #expect(try await h.verify(other, bought).decode(FareLensAccount.self).tier == .free)
            #expect(try await h.me(other).tier == .free)
            // A renewal notification that arrives late, for the period before the refund, cannot lift it either.
            h.clock.advance(by: -30)
            let late = try h.notification("DID_RENEW", transaction: h.transaction("3000004"))
            h.clock.advance(by: 30)
            #expect(try await h.notify(late).status == .ok)
            #expect(try await h.me(other).tier == .free)
        }
    }

    @Test("a tampered payload, another root, another bundle or product, no chain, not a JWS → 422 naming signed_transaction", arguments: TestDatabase.allCases)
    func refusals(_ database: TestDatabase) async throws {
        try await Self.with(database) { h in
            let user = try await h.client.signIn(app: "farelens")
            let good = try h.ca.sign(h.transaction("4000001"))
            var parts = good.split(separator: ".").map(String.init)
            var payload = h.transaction("4000001")
            payload["expiresDate"] = Harness.ms(h.clock.now().addingTimeInterval(3650 * 86_400))
            parts[1] = try JSONSerialization.data(withJSONObject: payload).base64URLEncoded()
            let stranger = try LocalAppStoreCA(validAround: Self.start)
            let cases: [(String, String)] = [
                ("tampered", parts.joined(separator: ".")),
                ("another root", try stranger.sign(h.transaction("4000001"))),
                ("another bundle", try h.ca.sign(h.transaction("4000001", bundle: "com.example.other"))),
                ("another product", try h.ca.sign(h.transaction("4000001", product: "com.example.coins"))),
                ("no x5c", try h.ca.sign(h.transaction("4000001"), x5c: false)),
                ("not a JWS", "hello"),
                ("empty", ""),
            ]
            for (name, jws) in cases {
                let response = try await h.verify(user, jws)
                #expect(response.status == .unprocessableContent && response.errorFields == ["signed_transaction"], "\(name): \(response.text)")
            }
            #expect(try await h.client.send(.post, Self.verifyPath, token: user.accessToken, json: [:]).errorFields == ["signed_transaction"])
            let reason = try await h.verify(user, try stranger.sign(h.transaction("4000001"))).text
            #expect(reason.contains("certificate chain"), "\(reason)")
            #expect(try await h.me(user).tier == .free)
            // The webhook refuses the same way, naming signedPayload.
            let forged = try stranger.sign(["notificationType": "SUBSCRIBED", "notificationUUID": UUID().uuidString])
            let webhook = try await h.notify(forged)
            #expect(webhook.status == .unprocessableContent && webhook.errorFields == ["signedPayload"], "\(webhook.text)")
        }
    }

    @Test("a subscription bound to one account is a 409 for another", arguments: TestDatabase.allCases)
    func anotherUsersTransaction(_ database: TestDatabase) async throws {
        try await Self.with(database) { h in
            let owner = try await h.client.signIn(app: "farelens")
            let other = try await h.client.signIn(app: "farelens")
            #expect(try await h.verify(owner, try h.ca.sign(h.transaction("5000001"))).status == .ok)
            let taken = try await h.verify(other, try h.ca.sign(h.transaction("5000001")))
            #expect(taken.status == .conflict && taken.errorCode == "subscription_taken", "\(taken.text)")
            #expect(try await h.me(other).tier == .free)
            #expect(try await h.me(owner).tier == .pro)
        }
    }

    @Test("notifications: once per notificationUUID, kept for an unknown user until bound, renewals, grace and expiry", arguments: TestDatabase.allCases)
    func notifications(_ database: TestDatabase) async throws {
        try await Self.with(database) { h in
            let email = TestClient.freshEmail
            let user = try await h.client.signIn(email, app: "farelens")
            // Before the app verified anything: stored, applied once the user binds it.
            let early = try await h.notify(try h.notification("SUBSCRIBED", transaction: h.transaction("6000001", days: 1)))
            #expect(early.status == .ok && early.json["outcome"] as? String == "stored", "\(early.text)")
            #expect(try await h.me(email: email).tier == .free)
            #expect(try await h.verify(user, try h.ca.sign(h.transaction("6000001", days: 1))).decode(FareLensAccount.self).tier == .pro)

            // A renewal, delivered twice: handled once.
            let uuid = UUID().uuidString
            let renewal = try h.notification("DID_RENEW", uuid: uuid, transaction: h.transaction("6000001", days: 31))
            let first = try await h.notify(renewal)
            #expect(first.json["outcome"] as? String == "applied" && first.json["notification_uuid"] as? String == uuid, "\(first.text)")
            let again = try await h.notify(renewal)
            #expect(again.status == .ok && again.json["outcome"] as? String == "duplicate", "\(again.text)")
            h.clock.advance(by: 2 * 86_400)
            #expect(try await h.app.subscriptions.sweepExpired() == 0)
            #expect(try await h.me(email: email).tier == .pro)

            // At the renewed period's end the next renewal fails (Apple reports it then): in the billing
            // grace period the user stays Pro until the grace ends.
            h.clock.advance(by: 29 * 86_400)
            let grace = try h.notification(
                "DID_FAIL_TO_RENEW", subtype: "GRACE_PERIOD", transaction: h.transaction("6000001", days: 0),
                renewal: ["originalTransactionId": "6000001", "gracePeriodExpiresDate": Harness.ms(h.clock.now().addingTimeInterval(6 * 86_400))])
            #expect(try await h.notify(grace).json["outcome"] as? String == "applied")
            h.clock.advance(by: 5 * 86_400)
            #expect(try await h.app.subscriptions.sweepExpired() == 0)
            #expect(try await h.me(email: email).tier == .pro)
            h.clock.advance(by: 2 * 86_400)
            #expect(try await h.app.subscriptions.sweepExpired() == 1)
            #expect(try await h.me(email: email).tier == .free)

            // Resubscribed, then EXPIRED: free at once.
            #expect(try await h.notify(try h.notification("SUBSCRIBED", transaction: h.transaction("6000001"))).json["outcome"] as? String == "applied")
            #expect(try await h.me(email: email).tier == .pro)
            #expect(try await h.notify(try h.notification("EXPIRED", subtype: "VOLUNTARY", transaction: h.transaction("6000001"))).status == .ok)
            #expect(try await h.me(email: email).tier == .free)
            // A type that changes no tier.
            let test = try h.ca.sign(["notificationType": "TEST", "notificationUUID": UUID().uuidString])
            #expect(try await h.notify(test).json["outcome"] as? String == "ignored")
        }
    }

    @Test("one notification delivered 10 times at once is handled once: one applied, nine duplicates", arguments: TestDatabase.allCases)
    func concurrentNotification(_ database: TestDatabase) async throws {
        try await Self.with(database) { h in
            let user = try await h.client.signIn(app: "farelens")
            #expect(try await h.verify(user, try h.ca.sign(h.transaction("8000001"))).status == .ok)
            let renewal = try h.notification("DID_RENEW", transaction: h.transaction("8000001", days: 60))
            let outcomes = try await withThrowingTaskGroup(of: String?.self) { group in
                for _ in 0..<10 { group.addTask { try await h.notify(renewal).json["outcome"] as? String } }
                return try await group.reduce(into: [String?]()) { $0.append($1) }
            }
            #expect(outcomes.filter { $0 == "applied" }.count == 1 && outcomes.filter { $0 == "duplicate" }.count == 9, "\(outcomes)")
        }
    }

    @Test("a refund pauses the watchlists past the Free limit; a new subscription resumes them", arguments: TestDatabase.allCases)
    func downgradePausesWatchlists(_ database: TestDatabase) async throws {
        try await Self.with(database) { h in
            let user = try await h.client.signIn(app: "farelens")
            #expect(try await h.verify(user, try h.ca.sign(h.transaction("7000001"))).status == .ok)
            for destination in ["LHR", "CDG", "NRT"] {
                h.clock.advance(by: 1)
                let created = try await h.client.send(
                    .post, FareLensRoutes.watchlists.endpoint.path, token: user.accessToken, json: ["origin": "LAX", "destination": destination])
                #expect(created.status == .created, "\(created.text)")
            }
            func paused() async throws -> Int {
                try await h.client.send(.get, FareLensRoutes.watchlists.endpoint.path, token: user.accessToken).decode(FareLensList<Watchlist>.self).data
                    .filter(\.paused).count
            }
            #expect(try await paused() == 0)
            #expect(try await h.notify(try h.notification("REFUND", transaction: h.transaction("7000001", revoked: true))).status == .ok)
            #expect(try await paused() == 1)
            h.clock.advance(by: 60)  // a new purchase, after the refund
            #expect(try await h.notify(try h.notification("SUBSCRIBED", transaction: h.transaction("7000001"))).status == .ok)
            #expect(try await paused() == 0)
        }
    }
}

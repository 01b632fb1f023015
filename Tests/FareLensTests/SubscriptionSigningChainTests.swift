import Crypto
import FareLens
import Foundation
import TestSupport
import Testing
import X509

/// Only Apple's App Store signing chain signs App Store data: every chain here is valid under
/// RFC 5280 to the configured root, yet a leaf without the App Store marker, an intermediate without
/// its marker, a leaf the root signed directly (2 certificates) or a longer path (4 certificates)
/// is a 422 "is not signed by the App Store" — on `verify` and on the webhook — and grants nothing.
@Suite("FareLens App Store signing chain", .timeLimit(.minutes(3)))
struct SubscriptionSigningChainTests {
    static let refusal = "is not signed by the App Store"

    /// Chains under `ca`'s root that RFC 5280 accepts but Apple's rule refuses, each signing `payload`.
    static func foreignChains(_ ca: LocalAppStoreCA, _ payload: [String: Any]) throws -> [(String, String)] {
        let key = P256.Signing.PrivateKey()
        let unmarkedLeaf = try ca.issue("Other Signing", key: key, by: ca.intermediate, issuerKey: ca.intermediateKey, authority: false, marker: nil)
        let otherIntermediateKey = P256.Signing.PrivateKey()
        let unmarkedIntermediate = try ca.issue(
            "Other Intermediate", key: otherIntermediateKey, by: ca.root, issuerKey: ca.rootKey, authority: true, marker: nil)
        let leafUnderUnmarked = try ca.issue(
            "Signing Under Other", key: key, by: unmarkedIntermediate, issuerKey: otherIntermediateKey, authority: false,
            marker: LocalAppStoreCA.leafMarker)
        let leafUnderRoot = try ca.issue("Signing Under Root", key: key, by: ca.root, issuerKey: ca.rootKey, authority: false, marker: LocalAppStoreCA.leafMarker)
        let subKey = P256.Signing.PrivateKey()
        let sub = try ca.issue(
            "Sub Intermediate", key: subKey, by: ca.intermediate, issuerKey: ca.intermediateKey, authority: true, marker: LocalAppStoreCA.intermediateMarker)
        let leafUnderSub = try ca.issue("Signing Under Sub", key: key, by: sub, issuerKey: subKey, authority: false, marker: LocalAppStoreCA.leafMarker)
        return [
            ("leaf without its marker", try LocalAppStoreCA.sign(payload, by: key, x5c: [unmarkedLeaf, ca.intermediate, ca.root])),
            ("intermediate without its marker", try LocalAppStoreCA.sign(payload, by: key, x5c: [leafUnderUnmarked, unmarkedIntermediate, ca.root])),
            ("2 certificates", try LocalAppStoreCA.sign(payload, by: key, x5c: [leafUnderRoot, ca.root])),
            ("4 certificates", try LocalAppStoreCA.sign(payload, by: key, x5c: [leafUnderSub, sub, ca.intermediate, ca.root])),
        ]
    }

    @Test(
        "verify: a chain that is not the App Store's (leaf or intermediate marker missing, 2 or 4 certificates) → 422 naming signed_transaction", arguments: TestDatabase.allCases)
    func verifyRefusesForeignChains(_ database: TestDatabase) async throws {
        try await SubscriptionsAPITests.with(database) { h in
            let user = try await h.client.signIn(app: "farelens")
            for (name, jws) in try Self.foreignChains(h.ca, h.transaction("9200001")) {
                let response = try await h.verify(user, jws)
                #expect(response.status == .unprocessableContent && response.errorFields == ["signed_transaction"], "\(name): \(response.text)")
                #expect(response.text.contains(Self.refusal), "\(name): \(response.text)")
            }
            #expect(try await h.me(user).tier == .free)
            // The App Store's own chain still verifies.
            #expect(try await h.verify(user, try h.ca.sign(h.transaction("9200001"))).status == .ok)
        }
    }

    @Test("webhook: a notification signed by a leaf without the App Store marker → 422 naming signedPayload; nothing claimed", arguments: TestDatabase.allCases)
    func webhookRefusesForeignChain(_ database: TestDatabase) async throws {
        try await SubscriptionsAPITests.with(database) { h in
            let payload: [String: Any] = ["notificationType": "TEST", "notificationUUID": UUID().uuidString]
            let (name, jws) = try #require(try Self.foreignChains(h.ca, payload).first)
            let response = try await h.notify(jws)
            #expect(response.status == .unprocessableContent && response.errorFields == ["signedPayload"], "\(name): \(response.text)")
            #expect(response.text.contains(Self.refusal), "\(response.text)")
            #expect(try await SubscriptionEnvironmentTests.claimed(h) == 0)
        }
    }
}

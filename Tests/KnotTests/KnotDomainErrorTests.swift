import Foundation
import HTTPTypes
import KnotAPI
import KnotTestSupport
import PlatformCore
import TestSupport
import Testing

@testable import Knot

/// Knot's repositories and services throw domain errors with no HTTP in them; their answers are
/// given in one place (KnotErrors.swift) and rendered by the error middleware, the same on the wire
/// as when the repositories threw API errors themselves.
@Suite("Knot domain errors")
struct KnotDomainErrorTests {
    @Test("each domain error has the status, code and message the API answered before")
    func answers() {
        let cases: [(any APIErrorConvertible, HTTPResponse.Status, String, String)] = [
            (VaultAlreadyExists(), .conflict, "vault_exists", "A partner vault already exists for this account. Use \(KnotRoutes.updateVault.endpoint) to update it."),
            (VaultNotFound(need: .replace), .notFound, "vault_not_found", "Partner vault not found."),
            (VaultNotFound(need: .recommendations), .notFound, "vault_not_found", "Create a partner vault before asking for recommendations."),
            (MilestoneNotFound(), .notFound, "milestone_not_found", "Milestone not found."),
            (RecommendationFailure.noCandidates, .unprocessableContent, "no_candidates", RecommendationFailure.noCandidates.message),
            (RecommendationFailure.everythingFiltered, .unprocessableContent, "everything_filtered", RecommendationFailure.everythingFiltered.message),
            (RecommendationFailure.allSourcesFailed, .serviceUnavailable, "sources_unavailable", RecommendationFailure.allSourcesFailed.message),
        ]
        for (error, status, code, message) in cases {
            #expect(error.apiError.status == status && error.apiError.code == code && error.apiError.message == message, "\(error)")
        }
        #expect(RecommendationFailure.allSourcesFailed.apiError.headers[.retryAfter] == "30")
    }

    @Test("a second vault is refused through the middleware with the message naming the contract's route", arguments: TestDatabase.allCases)
    func conflictOnTheWire(_ database: TestDatabase) async throws {
        try await withServer(database) { client, _ in
            let user = try await client.signIn()
            #expect(try await client.send(.post, "/knot/api/v1/vault", token: user.accessToken, json: validVaultPayload()).status == .created)
            let again = try await client.send(.post, "/knot/api/v1/vault", token: user.accessToken, json: validVaultPayload(name: "Sam"))
            #expect(again.status == .conflict && again.errorCode == "vault_exists")
            #expect((again.json["error"] as? [String: Any])?["message"] as? String == "A partner vault already exists for this account. Use PUT /knot/api/v1/vault to update it.")
        }
    }
}

import Foundation
import Testing

@testable import KnotClient

/// A ``Reauthenticator`` that answers as a test tells it to and counts its calls.
final class StubReauthenticator: Reauthenticator, @unchecked Sendable {
    // @unchecked Sendable: `calls` is only touched while holding `lock`; `answer` never changes.
    private let lock = NSLock()
    private var calls = 0
    let answer: @Sendable () throws -> AccountDeletionRequest

    init(_ answer: @escaping @Sendable () throws -> AccountDeletionRequest) { self.answer = answer }

    var callCount: Int { lock.withLock { calls } }

    func freshIdentity() async throws -> AccountDeletionRequest {
        lock.withLock { calls += 1 }
        return try answer()
    }
}

struct SignInFailed: Error {}

@MainActor
@Suite("Account deletion: confirmation, re-authentication, deletion, local data", .timeLimit(.minutes(3)))
struct AccountDeletionFlowTests {
    let server = FakeKnotServer()

    func sampleRecommendation() -> Recommendation {
        Recommendation(id: RecommendationID(), recommendationType: .gift, title: "Kit", createdAt: Date())
    }

    @Test func reauthenticatesThenDeletesWithTheProofThenClearsLocalDataAndSignsOut() async throws {
        server.with { $0.requireReauthentication = true }
        let token = server.reauthenticationToken
        let store = server.signedInStore()
        let saved = InMemorySavedRecommendationStore()
        try saved.save(sampleRecommendation(), at: Date())
        let prompts = InMemoryFeedbackPromptStore(FeedbackPromptState(lastReviewPromptAt: Date()))
        let deletesBeforeSignIn = LockedCounter()
        let reauthenticator = StubReauthenticator { [server] in
            deletesBeforeSignIn.set(server.requests("DELETE", "/knot/api/v1/users/me").count)
            return .apple(identityToken: token, nonce: "n-1")
        }
        let model = SettingsViewModel(api: makeAPI(server, store: store), reauthenticator: reauthenticator, localData: [saved, prompts])

        model.requestAccountDeletion()
        #expect(model.deletion == .awaitingConfirmation)
        let deleted = await model.confirmAccountDeletion()

        #expect(deleted)
        #expect(reauthenticator.callCount == 1)
        #expect(deletesBeforeSignIn.value == 0, "the sign-in comes before the call")
        let requests = server.requests("DELETE", "/knot/api/v1/users/me")
        #expect(requests.count == 1)
        let body = server.json(of: requests[0])
        #expect(body["provider"] as? String == "apple")
        #expect(body["id_token"] as? String == token)
        #expect(body["nonce"] as? String == "n-1")
        #expect(model.deletion == .deleted)
        #expect(model.isSignedOut)
        #expect(try store.load() == nil)
        #expect(try saved.all().isEmpty, "saved recommendations are cleared")
        #expect(try prompts.load() == FeedbackPromptState(), "prompt history is cleared")
    }

    @Test func cancellingTheSignInAbortsWithoutCallingTheServer() async throws {
        let store = server.signedInStore()
        let saved = InMemorySavedRecommendationStore()
        try saved.save(sampleRecommendation(), at: Date())
        let model = SettingsViewModel(api: makeAPI(server, store: store), reauthenticator: StubReauthenticator { throw CancellationError() }, localData: [saved])

        model.requestAccountDeletion()
        let deleted = await model.confirmAccountDeletion()

        #expect(deleted == false)
        #expect(model.deletion == .idle)
        #expect(model.deletionError == nil, "backing out is not an error")
        #expect(server.requests("DELETE", "/knot/api/v1/users/me").isEmpty)
        #expect(server.with { $0.accountDeleted } == false)
        #expect(try store.load() != nil, "still signed in")
        #expect(try saved.all().count == 1, "local data kept")
    }

    @Test func aFailedSignInAbortsWithAMessage() async throws {
        let model = SettingsViewModel(api: makeAPI(server), reauthenticator: StubReauthenticator { throw SignInFailed() })
        model.requestAccountDeletion()

        #expect(await model.confirmAccountDeletion() == false)

        #expect(model.deletion == .awaitingConfirmation)
        #expect(model.deletionError?.hasPrefix("You were not signed in again") == true)
        #expect(server.requests("DELETE", "/knot/api/v1/users/me").isEmpty)
    }

    @Test func aRefusalForLackOfReauthenticationKeepsTheSessionAndDoesNotRefresh() async throws {
        server.with { $0.requireReauthentication = true }
        let store = server.signedInStore()
        let model = SettingsViewModel(api: makeAPI(server, store: store))
        model.requestAccountDeletion()

        #expect(await model.confirmAccountDeletion() == false)

        #expect(model.deletion == .awaitingConfirmation)
        #expect(model.deletionError?.hasPrefix("Sign in again to delete your account") == true)
        #expect(server.with { $0.refreshCalls } == 0, "a request for a fresh sign-in is not an expired token")
        #expect(try store.load() != nil, "the session survives")
        #expect(model.isSignedOut == false)
        #expect(server.requests("DELETE", "/knot/api/v1/users/me").count == 1)
    }

    @Test func theSDKReportsReauthenticationRequiredAsItsOwnError() async throws {
        server.with { $0.requireReauthentication = true }
        let api = makeAPI(server)
        await #expect(throws: KnotError.self) { try await api.client.deleteAccount() }
        do {
            try await api.client.deleteAccount(reauthentication: .development(email: "t@example.com"))
            Issue.record("expected a refusal")
        } catch let error as KnotError {
            guard case .reauthenticationRequired = error else {
                Issue.record("got \(error)")
                return
            }
        }
        try await api.client.deleteAccount(reauthentication: .apple(identityToken: server.reauthenticationToken))
        #expect(server.with { $0.accountDeleted })
        #expect(await api.session.stored == nil, "signed out after deletion")
    }
}

/// An integer set from any thread.
final class LockedCounter: @unchecked Sendable {
    // @unchecked Sendable: `stored` is only touched while holding `lock`.
    private let lock = NSLock()
    private var stored = -1
    func set(_ value: Int) { lock.withLock { stored = value } }
    var value: Int { lock.withLock { stored } }
}

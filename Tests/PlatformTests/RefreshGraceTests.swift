import AppServer
import Foundation
import HTTPTypes
import Jobs
import KnotTestSupport
import Persistence
import PlatformCore
import SQLKit
import TestSupport
import Testing

@testable import Auth

/// Issue 30, 12b: two tabs refreshing with one refresh token at the same instant keep the user
/// signed in. Reuse detection stays; a spent token presented again within the grace window
/// (REFRESH_REUSE_GRACE_SECONDS, default 5) gets the same new pair, and later revokes the family.
@Suite("Refresh reuse grace window", .timeLimit(.minutes(3)))
struct RefreshGraceTests {
    static func refresh(_ client: TestClient, _ token: String) async throws -> APIResponse {
        try await client.send(.post, "/knot/auth/refresh", json: ["refresh_token": token])
    }

    /// The fields of a token pair, to compare two answers.
    static func pair(_ response: APIResponse) -> [String] {
        ["access_token", "refresh_token", "token_type", "user_id"].map { response.json[$0] as? String ?? "<missing>" }
            + [String(describing: response.json["expires_in"] ?? "<missing>")]
    }

    @Test(
        "refreshes racing with one token all get the same new pair and the family lives on; a reuse after the window revokes it (401 with WWW-Authenticate)",
        arguments: TestDatabase.allCases)
    func racingRefreshesShareOnePair(_ database: TestDatabase) async throws {
        let clock = TestClock()
        try await withServer(database, dependencies: .init(clock: clock)) { client, _ in
            for round in 0..<3 {
                let user = try await client.signIn()
                let answers = try await withThrowingTaskGroup(of: APIResponse.self) { group in
                    for _ in 0..<4 { group.addTask { try await Self.refresh(client, user.refreshToken) } }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(answers.allSatisfy { $0.status == .ok }, "round \(round): \(answers.map { "\($0.status) \($0.errorCode ?? "")" })")
                #expect(Set(answers.map(Self.pair)).count == 1, "round \(round): one pair for every racer")
                let next = try #require(answers[0].json["refresh_token"] as? String)
                let access = try #require(answers[0].json["access_token"] as? String)
                #expect(next != user.refreshToken)

                // The family is intact: its access token works and its new refresh token rotates.
                #expect(try await client.send(.get, "/knot/api/v1/hints", token: access).status != .unauthorized)
                let rotated = try await Self.refresh(client, next)
                #expect(rotated.status == .ok)
                let newest = try #require(rotated.json["refresh_token"] as? String)
                // Still within the window: the spent token answers its pair again, not a new one.
                let again = try await Self.refresh(client, user.refreshToken)
                #expect(again.status == .ok && Self.pair(again) == Self.pair(answers[0]))

                clock.advance(by: 6)
                let late = try await Self.refresh(client, user.refreshToken)
                #expect(late.status == .unauthorized && late.errorCode == "refresh_token_reused", "\(late.text)")
                #expect(late.headers[.wwwAuthenticate]?.hasPrefix("Bearer") == true)
                #expect(try await Self.refresh(client, newest).status == .unauthorized, "the family is revoked")
                #expect(try await client.send(.get, "/knot/api/v1/hints", token: access).status == .unauthorized)
            }
        }
    }

    /// The race made certain on PostgreSQL: while one exchange is between reading the token and
    /// claiming it, another request exchanges the same token and commits. (SQLite runs one
    /// transaction at a time, so the second always sees the first's successor when it reads.)
    @Test("PostgreSQL: an exchange that loses the race for a token answers the winner's pair, not its own, and does not revoke")
    func loserOfTheRaceAnswersTheWinnersPair() async throws {
        try await withServer(.postgres) { client, server in
            let user = try await client.signIn()
            let winner = LockedValue<TokenPair?>(nil)
            let result = try await server.auth.accounts.rotate(
                refreshTokenHash: TokenService.hash(refreshToken: user.refreshToken), app: .knot,
                newHash: TokenService.hash(refreshToken: "the loser's own next token"), newExpiresAt: Date().addingTimeInterval(3600), reuseGrace: 5
            ) { _ in
                // The other request, on another connection, claims the token meanwhile and commits.
                let pair = try await server.auth.refresh(user.refreshToken, app: .knot)
                winner.withLock { $0 = pair }
                return "the loser's own successor"
            }
            guard case .rotated(let successor) = result else {
                Issue.record("the loser answered \(result)")
                return
            }
            let won = try #require(winner.value)
            #expect(RefreshSuccessor.open(successor, with: user.refreshToken) == won)
            #expect(try await client.send(.get, "/knot/api/v1/hints", token: won.accessToken).status != .unauthorized, "the session lives")
            #expect(try await Self.refresh(client, won.refreshToken).status == .ok)
            let loserToken = try await server.database.read { db in
                try await db.raw("SELECT count(*) AS n FROM refresh_tokens WHERE token_hash = \(bind: TokenService.hash(refreshToken: "the loser's own next token"))").first()?
                    .decode(column: "n", as: Int.self)
            }
            #expect(loserToken == 0, "the loser stored no token of its own")
        }
    }

    @Test(
        "the pair kept for the window is sealed under the spent token: the row holds neither new token, only that token opens it, and the purge forgets it after the window (SQLite)",
        arguments: TestDatabase.allCases)
    func successorIsSealedAtRest(_ database: TestDatabase) async throws {
        let clock = TestClock()
        try await withServer(database, dependencies: .init(clock: clock)) { client, server in
            let user = try await client.signIn()
            let refreshed = try await Self.refresh(client, user.refreshToken)
            let newRefresh = try #require(refreshed.json["refresh_token"] as? String)
            let newAccess = try #require(refreshed.json["access_token"] as? String)
            let hash = TokenService.hash(refreshToken: user.refreshToken)
            func stored() async throws -> String? {
                try await server.database.read { db in
                    try await db.raw("SELECT successor FROM refresh_tokens WHERE token_hash = \(bind: hash)").first()?.decode(column: "successor", as: String?.self)
                }
            }
            let sealed = try #require(try await stored())
            let bytes = try #require(Data(base64Encoded: sealed))
            for secret in [newRefresh, newAccess] {
                #expect(!sealed.contains(secret) && bytes.range(of: Data(secret.utf8)) == nil)
            }
            let opened = try #require(RefreshSuccessor.open(sealed, with: user.refreshToken))
            #expect(opened.refreshToken == newRefresh && opened.accessToken == newAccess && opened.tokenType == "Bearer")
            #expect(RefreshSuccessor.open(sealed, with: newRefresh) == nil, "another token cannot open it")

            // The purge job's query forgets it once its window has passed, not before. (On SQLite
            // only: the server's own database file, where no other test's rows are.)
            if database == .sqlite {
                #expect(try await server.auth.accounts.forgetSpentSuccessors(grace: 5) == 0)
                #expect(try await stored() != nil)
                clock.advance(by: 6)
                #expect(try await server.auth.accounts.forgetSpentSuccessors(grace: 5) == 1)
                #expect(try await stored() == nil)
            } else {
                clock.advance(by: 6)
            }
            // Once forgotten (or past the window), presenting the spent token revokes the session.
            #expect(try await Self.refresh(client, user.refreshToken).errorCode == "refresh_token_reused")
        }
    }

    @Test("a successors' purge still queued under the kind it had before the rename (refresh-successors-purge) runs, and forgets the pair past its window (SQLite)")
    func purgeQueuedUnderTheFormerKindRuns() async throws {
        let clock = TestClock()
        try await withServer(.sqlite, dependencies: .init(clock: clock)) { client, server in
            let user = try await client.signIn()
            #expect(try await Self.refresh(client, user.refreshToken).status == .ok)
            let hash = TokenService.hash(refreshToken: user.refreshToken)
            func stored() async throws -> String? {
                try await server.database.read { db in
                    try await db.raw("SELECT successor FROM refresh_tokens WHERE token_hash = \(bind: hash)").first()?.decode(column: "successor", as: String?.self)
                }
            }
            #expect(try await stored() != nil, "the spent token's pair is kept for the window")
            clock.advance(by: 6)
            #expect(AccountRepository.formerSuccessorPurgeJobKind == "refresh-successors-purge")
            let queue = server.scheduler.queue
            let id = try #require(try await queue.enqueue(NewJob(kind: AccountRepository.formerSuccessorPurgeJobKind, runAt: clock.now())))
            try await server.scheduler.drain()
            let job = try #require(try await queue.find(id))
            #expect(job.status == .succeeded, "\(job.lastError ?? "")")
            #expect(try await stored() == nil, "the purge ran")
        }
    }

    @Test("with REFRESH_REUSE_GRACE_SECONDS=0 a spent token presented again revokes at once, and nothing is kept")
    func noGrace() async throws {
        try await withServer(.sqlite, configure: { $0.refreshReuseGraceSeconds = 0 }) { client, server in
            let user = try await client.signIn()
            #expect(try await Self.refresh(client, user.refreshToken).status == .ok)
            let kept = try await server.database.read { db in
                try await db.raw("SELECT count(*) AS n FROM refresh_tokens WHERE successor IS NOT NULL").first()?.decode(column: "n", as: Int.self)
            }
            #expect(kept == 0)
            let again = try await Self.refresh(client, user.refreshToken)
            #expect(again.status == .unauthorized && again.errorCode == "refresh_token_reused")
        }
        #expect(throws: ServerConfiguration.Invalid.self) { try ServerConfiguration.load(environment: ["REFRESH_REUSE_GRACE_SECONDS": "61"]) }
        #expect(try ServerConfiguration.load(environment: [:]).refreshReuseGraceSeconds == 5)
    }

    @Test("a sealed pair opens with its token only; damaged or foreign text opens as nothing")
    func sealing() throws {
        let pair = TokenPair(accessToken: "a.b.c", refreshToken: "next-token", expiresIn: 900, userId: UUID().uuidString)
        let sealed = try RefreshSuccessor.seal(pair, under: "old-token")
        #expect(RefreshSuccessor.open(sealed, with: "old-token") == pair)
        #expect(try RefreshSuccessor.seal(pair, under: "old-token") != sealed, "a fresh nonce per seal")
        #expect(RefreshSuccessor.open(sealed, with: "old-tokeN") == nil)
        var damaged = Data(base64Encoded: sealed)!
        damaged[damaged.count / 2] ^= 1
        #expect(RefreshSuccessor.open(damaged.base64EncodedString(), with: "old-token") == nil)
        #expect(RefreshSuccessor.open("not base64 at all", with: "old-token") == nil)
    }
}

import AppServer
import Auth
import Foundation
import HTTPTypes
import NIOCore
import Persistence
import PlatformCore
import TestSupport
import Testing

/// Writes racing on several instances over one PostgreSQL database, through the HTTP API: one
/// `Idempotency-Key` sent to two instances at once creates once, `If-Match` with one tag on two
/// instances lets exactly one write through, and a key held by an instance that stopped
/// heartbeating is free at once.
@Suite("Multi-instance writes", .timeLimit(.minutes(3)))
struct MultiInstanceWriteTests {
    static let base = IdempotencyKeyTests.base

    /// `body` on both clients at once; the answers in client order.
    static func both(_ clients: [TestClient], _ body: @escaping @Sendable (TestClient) async throws -> APIResponse) async throws -> [APIResponse] {
        try await withThrowingTaskGroup(of: (Int, APIResponse).self) { group in
            for (index, client) in clients.enumerated() { group.addTask { (index, try await body(client)) } }
            return try await group.reduce(into: [(Int, APIResponse)]()) { $0.append($1) }.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }

    @Test("one Idempotency-Key sent to two instances at once creates once; the other answer is the replay or 409 with Retry-After")
    func idempotencyKeyAcrossInstances() async throws {
        try await withInstances(2) { clients, _ in
            let user = try await clients[0].signIn(app: "vibekeeper")
            for round in 0..<8 {
                let answers = try await Self.both(Array(clients.prefix(2))) { client in
                    try await IdempotencyKeyTests.post(client, "\(Self.base)/contacts", user, key: "race-\(round)", json: ["name": "Mom \(round)"])
                }
                let ran = answers.filter { $0.status == .created && $0.headers[.idempotentReplayed] == nil }
                #expect(ran.count == 1, "round \(round): \(answers.map { "\($0.status) \($0.text)" })")
                for answer in answers where answer.status != .created {
                    #expect(answer.status == .conflict && answer.headers[.retryAfter] == "1", "round \(round): \(answer.status) \(answer.text)")
                }
            }
            let names = try await IdempotencyKeyTests.contacts(clients[1], user).compactMap { $0["name"] as? String }
            #expect(names.count == 8 && Set(names).count == 8, "one contact per key: \(names)")
        }
    }

    @Test("If-Match with one tag on two instances at once: exactly one 200 and one 412 (a contact's PUT)")
    func ifMatchAcrossInstances() async throws {
        try await withInstances(2) { clients, _ in
            let user = try await clients[0].signIn(app: "vibekeeper")
            for round in 0..<6 {
                let created = try await clients[0].send(.post, "\(Self.base)/contacts", token: user.accessToken, json: ["name": "Mom"])
                #expect(created.status == .created)
                let id = try #require(created.json["id"] as? String)
                let tag = try #require(created.headers[.eTag])
                let answers = try await Self.both(clients) { client in
                    try await client.send(
                        .put, "\(Self.base)/contacts/\(id)", token: user.accessToken, body: try JSONSerialization.data(withJSONObject: ["name": "Mum \(round)"]),
                        headers: [.ifMatch: tag, .contentType: "application/json"])
                }
                #expect(answers.map(\.status.code).sorted() == [200, 412], "round \(round): \(answers.map { "\($0.status) \($0.text)" })")
            }
        }
    }

    @Test(
        "a key claimed by an instance that stopped heartbeating is free at once (no 5 minutes of 409); one whose instance heartbeats is still in use",
        arguments: TestDatabase.allCases)
    func abandonedByStaleInstance(_ database: TestDatabase) async throws {
        let clock = TestClock(IdempotencyKeyTests.start)
        try await withServer(database, dependencies: ServerDependencies(clock: clock)) { client, server in
            let user = try await client.signIn(app: "vibekeeper")
            let body = Data(#"{"name":"Mom"}"#.utf8)
            let fingerprint = IdempotencyMiddleware.fingerprint(method: "POST", target: "\(Self.base)/contacts", body: ByteBuffer(bytes: body))
            // Two other instances claim a key each, as their middleware does, and heartbeat.
            for instance in ["killed", "alive"] {
                let store = IdempotencyRepository(database: server.database, clock: clock, instance: instance)
                try await InstancePresence(id: instance, database: server.database, clock: clock).heartbeat()
                let key = IdempotencyRepository.Key(user: IdempotencyKeyTests.userID(user), app: AppID("vibekeeper"), value: instance)
                guard case .claimed = try await store.claim(key, fingerprint: fingerprint) else { throw TestFailure("the key was not free") }
            }
            clock.advance(by: InstancePresence.defaultStaleAfter + 1)
            try await InstancePresence(id: "alive", database: server.database, clock: clock).heartbeat()
            let retried = try await IdempotencyKeyTests.post(client, "\(Self.base)/contacts", user, key: "killed", body: body)
            #expect(retried.status == .created && retried.headers[.idempotentReplayed] == nil, "\(retried.status) \(retried.text)")
            let busy = try await IdempotencyKeyTests.post(client, "\(Self.base)/contacts", user, key: "alive", body: body)
            #expect(busy.status == .conflict && busy.headers[.retryAfter] == "1", "\(busy.status) \(busy.text)")
            #expect(try await IdempotencyKeyTests.contacts(client, user).count == 1)
        }
    }
}

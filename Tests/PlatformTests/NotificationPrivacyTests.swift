import AppServer
import Auth
import Foundation
import KnotAPI
import KnotTestSupport
import Logging
import Notifications
import PlatformCore
import TestSupport
import Testing

/// Push tokens that change hands, and what notification logs may say (issue 10).
@Suite("Notification privacy", .timeLimit(.minutes(3)))
struct NotificationPrivacyTests {
    /// Accepts every push and remembers which device it went to.
    final class RecordingPush: PushProvider {
        let sent = LockedValue<[String]>([])
        func send(_ payload: APNsPayload, to deviceToken: String) async -> PushOutcome {
            sent.withLock { $0.append(deviceToken) }
            return .accepted(apnsID: "id")
        }
    }

    /// Refuses every push.
    struct RefusingPush: PushProvider {
        func send(_ payload: APNsPayload, to deviceToken: String) async -> PushOutcome { .rejected(status: 400, reason: "BadTopic") }
    }

    @Test("a token registered by another account is answered exactly as a new one, and only the new owner's pushes reach it", arguments: TestDatabase.allCases)
    func deviceChangesHands(_ database: TestDatabase) async throws {
        let clock = TestClock(NotificationEngineTests.noon)
        try await withServer(database, dependencies: .init(clock: clock)) { client, server in
            let previous = try await client.signIn()
            let next = try await client.signIn()
            let token = UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased() + "0b0b"
            func register(_ user: SignedIn) async throws -> APIResponse {
                try await client.send(.post, "/knot/api/v1/users/device-token", token: user.accessToken, json: ["device_token": token, "platform": "ios"])
            }
            func devices(_ user: SignedIn) async throws -> [[String: Any]] {
                (try await client.send(.get, "/knot/api/v1/users/me/export", token: user.accessToken).json["devices"] as? [[String: Any]]) ?? []
            }
            let first = try await register(previous)
            #expect(first.json["status"] as? String == "registered")
            #expect(try await register(previous).json["status"] as? String == "updated", "the owner re-registering is an update")
            let firstCreated = try #require(try await devices(previous).first?["created_at"] as? String)

            clock.advance(by: 60)
            let moved = try await register(next)
            #expect(moved.status == first.status)
            #expect(moved.body == first.body, "byte for byte the answer to a new registration: \(moved.text)")
            #expect(try await devices(previous).isEmpty, "the previous owner no longer has the device")
            let taken = try #require(try await devices(next).first)
            #expect(taken["token"] as? String == token)
            #expect(taken["created_at"] as? String != firstCreated, "registered afresh, not carried over")
            #expect(taken["created_at"] as? String == taken["updated_at"] as? String)

            let push = RecordingPush()
            let engine = NotificationEngineTests.engine(server, clock: clock, push: push)
            let previousUser = UserID(UUID(uuidString: previous.userID)!)
            let nextUser = UserID(UUID(uuidString: next.userID)!)
            #expect(try await engine.deliver(NotificationEngineTests.notification(previousUser)) == .noDevices, "pushes for the previous owner stop")
            #expect(push.sent.value.isEmpty)
            #expect(try await engine.deliver(NotificationEngineTests.notification(nextUser)) == .delivered(channel: "apns", devices: 1))
            #expect(push.sent.value == [token])
        }
    }

    @Test("notification logs carry identifiers (notification, user, kind), never titles, bodies or names", arguments: TestDatabase.allCases)
    func logsCarryIdentifiersOnly(_ database: TestDatabase) async throws {
        let clock = TestClock(NotificationEngineTests.noon)
        try await withServer(database, dependencies: .init(clock: clock)) { client, server in
            let signedIn = try await client.signIn()
            let user = UserID(UUID(uuidString: signedIn.userID)!)
            let logs = CapturedLogs()
            func engine(_ push: (any PushProvider)?) -> NotificationEngine {
                NotificationEngine(
                    database: server.database, accounts: AccountRepository(database: server.database, clock: clock), push: push, clock: clock, rules: [.knot: DeliveryRules()],
                    logger: logs.logger())
            }
            let note = NotificationEngineTests.notification(user)
            #expect(try await engine(nil).deliver(note) == .delivered(channel: "outbox", devices: 0))
            let delivered = try #require(logs.records.first { $0.message == "notification delivered to the outbox" })
            #expect(delivered.level == .info)
            #expect(delivered.metadata["user"] == user.description)
            #expect(delivered.metadata["kind"] == "MILESTONE_REMINDER")
            let id = try #require(delivered.metadata["notification"])
            let entries = try await engine(nil).deliveries(for: user, app: .knot)
            #expect(entries.first?.id.lowercasedString == id, "the id is the delivery the owner can look up")

            _ = try await client.send(.post, "/knot/api/v1/users/device-token", token: signedIn.accessToken, json: ["device_token": String(repeating: "0c", count: 32)])
            #expect(try await engine(RefusingPush()).deliver(NotificationEngineTests.notification(user)) != .noDevices)
            #expect(logs.records.contains { $0.message == "push delivery failed" && $0.metadata["notification"] != nil })

            for record in logs.records {
                for secret in ["Alex", note.title, note.body, note.privateTitle, note.privateBody, "Romantic"] {
                    #expect(!record.allText.contains(secret), "\(record.level) \(record.message) mentions \(secret)")
                }
            }
        }
    }
}

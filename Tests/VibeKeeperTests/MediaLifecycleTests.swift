import AppServer
import Foundation
import Jobs
import MediaStorage
import Persistence
import PlatformCore
import SQLKit
import TestSupport
import Testing
import VibeKeeperAPI

@testable import VibeKeeper

/// No photo outlives its account or its row, on both databases: captures racing the account's
/// deletion leave no file behind, and the hourly job removes files that have had no row for an hour
/// (on the folder and in an S3 bucket), keeping younger ones and those with a row.
@Suite("VibeKeeper media lifecycle", .timeLimit(.minutes(5)))
struct MediaLifecycleTests {
    static let base = "/vibekeeper/api/v1"

    static func photo(_ client: TestClient, _ user: SignedIn) async throws -> APIResponse {
        try await MediaCaptureTests.upload(client, user, "capture/image", file: ("image_file", "p.jpg", "image/jpeg", SampleMedia.jpeg()))
    }

    @Test("image captures racing DELETE /users/me answer 200 or 401 and leave no file and no row of the account", arguments: TestDatabase.allCases)
    func capturesRacingDeletion(_ database: TestDatabase) async throws {
        try await MediaCaptureTests.withMediaServer(database) { client, store, server in
            try await Self.race(capturingOn: client, deletingOn: client, store: store, database: server.database)
        }
    }

    @Test("two servers on one PostgreSQL and one media folder: captures on one racing the deletion on the other leave no file of the account")
    func capturesRacingDeletionAcrossServers() async throws {
        try await MediaCaptureTests.withMediaServer(.postgres) { first, store, server in
            let shared = RecordingStore(directory: store.inner.directory)
            try await withServer(.postgres, dependencies: ServerDependencies(clock: TestClock(CaptureTests.today), media: shared)) { second, _ in
                try await Self.race(capturingOn: first, deletingOn: second, store: store, database: server.database)
            }
        }
    }

    /// Three rounds of eight workers capturing photos for a new account on `capturing` while the
    /// account is deleted through `deleting`; then no file of the account is left in `store` and no
    /// row in the database, and every capture answered 200 (before) or 401 (after).
    static func race(capturingOn capturing: TestClient, deletingOn deleting: TestClient, store: RecordingStore, database: any Database) async throws {
        var answered: [Int: Int] = [:]
        var leaked: [String] = []
        for round in 0..<3 {
            let user = try await capturing.signIn(app: "vibekeeper")
            #expect(try await Self.photo(capturing, user).status == .ok)
            // Workers keep capturing until their session is gone, so captures are in flight on both
            // sides of the deletion: their files stored before it, their rows written after it.
            let statuses = try await withThrowingTaskGroup(of: [Int].self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        var seen: [Int] = []
                        for _ in 0..<40 {
                            let response = try await Self.photo(capturing, user)
                            seen.append(Int(response.status.code))
                            if response.status == .unauthorized { break }
                            if response.status != .ok { Issue.record("capture: \(response.status) \(response.text)") }
                        }
                        return seen
                    }
                }
                group.addTask {
                    try await Task.sleep(for: .milliseconds(40 + 30 * round))
                    let deleted = try await deleting.send(.delete, "\(Self.base)/users/me", token: user.accessToken)
                    if deleted.status != .ok { Issue.record("deletion: \(deleted.status) \(deleted.text)") }
                    return []
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            for status in statuses { answered[status, default: 0] += 1 }
            leaked += store.storedKeys.filter { $0.hasPrefix("vibekeeper/\(user.userID.lowercased())/") }
            let rows = try await database.read { db in
                try await db.raw("SELECT COUNT(*) AS n FROM media_assets WHERE user_id = \(bind: UUID(uuidString: user.userID)!)").first()!.decode(column: "n", as: Int.self)
            }
            #expect(rows == 0)
        }
        #expect(leaked.isEmpty, "files outlived their account: \(leaked)")
        #expect(Set(answered.keys).isSubset(of: [200, 401]), "\(answered)")
        #expect(answered[200, default: 0] > 0 && answered[401, default: 0] > 0, "the captures did not straddle the deletion: \(answered)")
    }

    /// The sweep's scenario on whichever store the server has: a photo with its row, a file without
    /// a row, both an hour old (`age`), and a young file without a row; the job runs through the
    /// scheduler and takes only the old file without a row.
    static func sweepScenario(
        _ client: TestClient, _ server: ServerComponents, clock: TestClock, list: @Sendable () async throws -> [String],
        age: @Sendable (String) throws -> Void
    ) async throws {
        let app = try #require(server.app(VibeKeeperApp.self))
        #expect(server.scheduler.recurringJobs.contains { $0.kind == VibeKeeperApp.mediaSweepJobKind && $0.schedule == .every(seconds: 3600) })
        let user = try await client.signIn(app: "vibekeeper")
        let idea = try await Self.photo(client, user).decode(CaptureResult.self).idea
        let asset = try #require(idea.mediaAssets.first)
        let prefix = "vibekeeper/\(user.userID.lowercased())/"
        let withRow = prefix + asset.id.description
        let orphan = prefix + UUID().uuidString.lowercased()
        let young = prefix + UUID().uuidString.lowercased()
        try await app.library.store.put(Data("lost".utf8), key: orphan, contentType: "image/jpeg")
        try await app.library.store.put(Data("on its way".utf8), key: young, contentType: "image/jpeg")
        try age(withRow)
        try age(orphan)
        #expect(try await list() == [withRow, orphan, young].sorted())

        _ = try await server.scheduler.queue.enqueue(NewJob(kind: VibeKeeperApp.mediaSweepJobKind, runAt: clock.now()))
        try await server.scheduler.drain()
        #expect(try await list() == [withRow, young].sorted())
        #expect(try await client.send(.get, asset.url, token: user.accessToken).body == SampleMedia.jpeg())
    }

    @Test("the hourly job removes a file without a row once it is an hour old, on the folder; a young one and one with a row stay", arguments: TestDatabase.allCases)
    func orphanSweepOnFolder(_ database: TestDatabase) async throws {
        let folder = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = LocalMediaStore(directory: folder)
        let clock = TestClock()
        try await withIsolatedServer(database, dependencies: ServerDependencies(clock: clock, media: store)) { client, server in
            try await Self.sweepScenario(
                client, server, clock: clock, list: { try await store.list(prefix: "", continuation: nil).objects.map(\.key) },
                age: { key in
                    let path = store.directory.appendingPathComponent(key).path
                    try FileManager.default.setAttributes([.modificationDate: clock.now().addingTimeInterval(-7200)], ofItemAtPath: path)
                })
        }
    }

    @Test("the hourly job removes an object without a row once it is an hour old, in an S3 bucket; a young one and one with a row stay", arguments: TestDatabase.allCases)
    func orphanSweepOnS3(_ database: TestDatabase) async throws {
        let fake = FakeS3(pageSize: 2)
        let clock = TestClock()
        try await fake.run { endpoint in
            try await withIsolatedServer(
                database,
                configure: {
                    $0.mediaS3 = S3MediaStore.Configuration(
                        endpoint: endpoint, bucket: "vk-media", region: "eu-west-1", accessKeyID: FakeS3.accessKey, secretAccessKey: FakeS3.secretKey)
                }, dependencies: ServerDependencies(clock: clock)
            ) { client, server in
                try await Self.sweepScenario(
                    client, server, clock: clock, list: { fake.objects.value.keys.map { String($0.dropFirst("/vk-media/".count)) }.sorted() },
                    age: { key in fake.objects.withLock { $0["/vk-media/" + key]?.modifiedAt = clock.now().addingTimeInterval(-7200) } })
            }
        }
        #expect(fake.refusals.value.isEmpty, "\(fake.refusals.value)")
    }
}

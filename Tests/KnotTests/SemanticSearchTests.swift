import AIProviders
import AppServer
import Foundation
import KnotTestSupport
import Persistence
import PlatformCore
import TestSupport
import Testing

@testable import Knot

@Suite("Knot hints with the real MiniLM embedder", .timeLimit(.minutes(3)))
struct SemanticSearchTests {
    @Test("search understands meaning, not just spelling, and /health says so", arguments: TestDatabase.allCases)
    func searchIsSemantic(_ database: TestDatabase) async throws {
        let miniLM = try await ModelFiles.embedder()
        try await withServer(database, dependencies: .init(embedder: miniLM)) { client, _ in
            let health = try await client.send(.get, "/health").json["embedder"] as? [String: Any]
            #expect(health?["model"] as? String == "all-MiniLM-L6-v2")
            #expect(health?["semantic"] as? Bool == true)
            let user = try await client.signIn()
            _ = try await client.send(.post, "/knot/api/v1/vault", token: user.accessToken, json: validVaultPayload())
            for text in ["Wants new running shoes for the marathon", "She signed up for a ceramics workshop", "Loves old jazz records"] {
                #expect(try await client.send(.post, "/knot/api/v1/hints", token: user.accessToken, json: ["hint_text": text]).status == .created)
            }
            let results = try await client.send(.get, "/knot/api/v1/hints/search?q=pottery&limit=3", token: user.accessToken).json
            let hints = results["hints"] as? [[String: Any]] ?? []
            #expect(hints.first?["hint_text"] as? String == "She signed up for a ceramics workshop", "\(hints.map { $0["hint_text"] ?? "" })")
            #expect(results["embedder"] as? String == "all-MiniLM-L6-v2")
            let music = try await client.send(.get, "/knot/api/v1/hints/search?q=vinyl%20music&limit=1", token: user.accessToken).json
            #expect((music["hints"] as? [[String: Any]])?.first?["hint_text"] as? String == "Loves old jazz records")
        }
    }

    @Test("switching embedders re-embeds stored vectors in the background, never mixing models", arguments: TestDatabase.allCases)
    func switchingEmbeddersReembeds(_ database: TestDatabase) async throws {
        let miniLM = try await ModelFiles.embedder()
        let folder = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Re-embedding is database-wide, so on PostgreSQL this test gets a database of its own.
        let run: @Sendable (String?) async throws -> Void = { postgresURL in
            let configure: @Sendable (inout ServerConfiguration) -> Void = { configuration in
                configuration.dataDirectory = folder.path
                // Knot alone: the backfill counts re-embedded vectors, and Zia's corpus would add its own.
                configuration.apps = [KnotApp.id]
                if let postgresURL { configuration.databaseURL = postgresURL }
            }
            let user = try await withServer(database, configure: configure) { client, _ in
                let user = try await client.signIn("switch@example.com")
                _ = try await client.send(.post, "/knot/api/v1/vault", token: user.accessToken, json: validVaultPayload())
                for text in ["She signed up for a ceramics workshop", "Wants new running shoes"] {
                    _ = try await client.send(.post, "/knot/api/v1/hints", token: user.accessToken, json: ["hint_text": text])
                }
                return user
            }
            try await withServer(database, configure: configure, dependencies: .init(embedder: miniLM)) { client, server in
                let session = try await client.signIn("switch@example.com")
                #expect(session.userID == user.userID)
                let before = try await client.send(.get, "/knot/api/v1/hints/search?q=pottery", token: session.accessToken).json
                #expect((before["hints"] as? [Any])?.isEmpty == true, "old-model vectors are never compared with new-model queries")
                let written = try await server.backfill.runOnce()
                #expect(written == 2)
                let models = try await server.database.read { db in
                    try await db.raw("SELECT DISTINCT model FROM vector_entries").all().map { try $0.decode(column: "model", as: String.self) }
                }
                #expect(models == ["all-MiniLM-L6-v2"])
                #expect(try await server.backfill.runOnce() == 0, "nothing left to do")
                let after = try await client.send(.get, "/knot/api/v1/hints/search?q=pottery&limit=1", token: session.accessToken).json
                #expect((after["hints"] as? [[String: Any]])?.first?["hint_text"] as? String == "She signed up for a ceramics workshop")
            }
        }
        if database == .postgres {
            try await withIsolatedPostgres { url in try await run(url) }
        } else {
            try await run(nil)
        }
    }

    @Test("a hint stored while embedding failed is embedded by the backfill")
    func failedEmbeddingIsBackfilled() async throws {
        struct Broken: Embedder {
            let model = "all-MiniLM-L6-v2"
            let dimensions = 384
            let isSemantic = true
            func embed(_ texts: [String]) async throws -> [[Float]] { throw TestFailure("embedding service down") }
        }
        let folder = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let user = try await withServer(
            .sqlite,
            configure: {
                $0.dataDirectory = folder.path; $0.apps = [KnotApp.id]
            }, dependencies: .init(embedder: Broken())
        ) { client, _ in
            let user = try await client.signIn("broken@example.com")
            _ = try await client.send(.post, "/knot/api/v1/vault", token: user.accessToken, json: validVaultPayload())
            let created = try await client.send(.post, "/knot/api/v1/hints", token: user.accessToken, json: ["hint_text": "ceramics workshop"])
            #expect(created.status == .created, "the hint is kept even when embedding fails")
            return user
        }
        let miniLM = try await ModelFiles.embedder()
        try await withServer(
            .sqlite,
            configure: {
                $0.dataDirectory = folder.path; $0.apps = [KnotApp.id]
            }, dependencies: .init(embedder: miniLM)
        ) { client, server in
            #expect(try await server.backfill.runOnce() == 1)
            let session = try await client.signIn("broken@example.com")
            #expect(session.userID == user.userID)
            let found = try await client.send(.get, "/knot/api/v1/hints/search?q=pottery", token: session.accessToken).json
            #expect((found["hints"] as? [Any])?.count == 1)
        }
    }
}

@Suite("Knot's offline models", .timeLimit(.minutes(3)))
struct KnotOfflineModelTests {
    @Test("the vibe classifier answers the router's JSON contract with the vibes a text suggests")
    func vibeClassifier() async throws {
        #expect(KnotVibeClassifier.classify("Sunset kayak tour with a picnic") == [.outdoorsy, .romantic])
        #expect(KnotVibeClassifier.classify("Vintage vinyl record player") == [.vintage])
        #expect(KnotVibeClassifier.classify("A stapler").isEmpty)
        try await withServer(.sqlite) { client, server in
            let routed = try await server.router.complete(
                CompletionRequest(messages: [.init(.user, "Handmade ceramic pottery workshop")], jsonObject: true),
                purpose: KnotVibeClassifier.purpose, app: "knot"
            )
            #expect(routed.target == "offline:knot-vibe-rules-v1")
            let json = try JSONSerialization.jsonObject(with: Data(routed.completion.text.utf8)) as? [String: [String]]
            #expect(json?["vibes"] == ["bohemian"])
            let routes = try await client.send(.get, "/health").json["language_models"] as? [[String: Any]] ?? []
            #expect(routes.first { $0["purpose"] as? String == KnotVibeClassifier.purpose }?["offline"] as? Bool == true)
        }
    }
}

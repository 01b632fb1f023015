import AppServer
import Foundation
import HTTPTypes
import Logging
import Persistence
import PlatformCore
import SQLKit
import TestSupport
import Testing
import Zia
import ZiaAPI
import ZiaCorpus

/// `GET /zia/v1/rag/search` through the HTTP API, and the corpus index behind it, on both databases.
@Suite("Zia RAG search", .timeLimit(.minutes(3)))
struct RAGSearchAPITests {
    static func path(_ query: String) -> String { ZiaRoutes.ragSearch.endpoint.path + "?" + query }

    static func encoded(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text }

    @Test("recipes are a corpus every user searches alike: nearest first, the query trimmed, k results (5 by default)", arguments: TestDatabase.allCases)
    func recipeSearch(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, _ in
            let alice = try await client.signIn(app: "zia")
            let bob = try await client.signIn(app: "zia")
            let query = "  chicken veggie stir-fry with broccoli "
            let response = try await client.send(.get, Self.path("q=\(Self.encoded(query))&k=3"), token: alice.accessToken)
            #expect(response.status == .ok, "\(response.text)")
            let results = try response.decode(RAGSearchResults.self)
            #expect(results.query == "chicken veggie stir-fry with broccoli" && results.domain == .recipe && results.results.count == 3)
            #expect(results.results.first?.id == "chicken-veggie-stir-fry", "\(results.results.map(\.id))")
            #expect(results.results.map(\.score) == results.results.map(\.score).sorted(by: >))
            for hit in results.results {
                #expect(hit.recipe?.id == hit.id && hit.article == nil && hit.memory == nil)
                #expect(RecipeCorpus.shipped.contains { $0 == hit.recipe })
            }
            let theirs = try await client.send(.get, Self.path("q=\(Self.encoded(query))&k=3&domain=recipe"), token: bob.accessToken)
            #expect(try theirs.decode(RAGSearchResults.self).results.map(\.id) == results.results.map(\.id), "the corpus is the same for every user")
            let defaults = try await client.send(.get, Self.path("q=pasta"), token: bob.accessToken)
            #expect(try defaults.decode(RAGSearchResults.self).results.count == 5)
        }
    }

    @Test("knowledge searches the parenting articles", arguments: TestDatabase.allCases)
    func knowledgeSearch(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, _ in
            let user = try await client.signIn(app: "zia")
            let response = try await client.send(.get, Self.path("q=\(Self.encoded("car seats by age, rear-facing booster"))&domain=knowledge&k=2"), token: user.accessToken)
            #expect(response.status == .ok, "\(response.text)")
            let results = try response.decode(RAGSearchResults.self)
            #expect(results.domain == .knowledge && results.results.count == 2)
            #expect(results.results.first?.id == "car-seat-safety", "\(results.results.map(\.id))")
            #expect(results.results.allSatisfy { $0.article?.id == $0.id && $0.recipe == nil })
        }
    }

    @Test("memory finds only the caller's own memories, through their vectors and their rows", arguments: TestDatabase.allCases)
    func memorySearch(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, server in
            let alice = try await client.signIn(app: "zia")
            let bob = try await client.signIn(app: "zia")
            let aliceID = UserID(alice.userID)!, bobID = UserID(bob.userID)!
            let index = makeVectorIndex(for: server.database.kind)
            let mine = UUID(), theirs = UUID()
            let texts = [(mine, aliceID, "meal_dislikes", "The kids dislike mushrooms"), (theirs, bobID, "meal_likes", "We love mushrooms on pizza")]
            for (id, owner, key, value) in texts {
                let vector = try await server.embedder.embed(value)
                try await server.database.transaction { db in
                    try await db.raw(
                        """
                        INSERT INTO zia_memories (id, user_id, key, kind, value, created_at, updated_at)
                        VALUES (\(bind: id), \(bind: owner.uuid), \(bind: key), 'preference', \(bind: value), \(bind: Date()), \(bind: Date()))
                        """
                    ).run()
                    try await index.upsert(VectorEntry(collection: MemorySearch.collection, itemID: id, ownerID: owner, model: server.embedder.model, vector: vector), on: db)
                }
            }
            // A vector of Alice's naming Bob's row finds nothing: the rows are scoped by the caller too.
            try await server.database.transaction { db in
                let vector = try await server.embedder.embed("mushrooms")
                try await index.upsert(VectorEntry(collection: MemorySearch.collection, itemID: theirs, ownerID: aliceID, model: server.embedder.model, vector: vector), on: db)
            }
            let response = try await client.send(.get, Self.path("q=mushrooms&domain=memory&k=20"), token: alice.accessToken)
            #expect(response.status == .ok, "\(response.text)")
            let results = try response.decode(RAGSearchResults.self)
            #expect(results.results.map(\.id) == [mine.uuidString.lowercased()])
            #expect(results.results.first?.memory == RAGSearchMemory(id: mine, key: "meal_dislikes", kind: "preference", value: "The kids dislike mushrooms"))
            let none = try await client.send(.get, Self.path("q=mushrooms&domain=memory"), token: (try await client.signIn(app: "zia")).accessToken)
            #expect(try none.decode(RAGSearchResults.self).results.isEmpty)
        }
    }

    @Test("a missing, blank or too long q, an unknown domain and a bad k are 422s naming the field; no token is a 401", arguments: TestDatabase.allCases)
    func validation(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, _ in
            let user = try await client.signIn(app: "zia")
            let cases: [(String, Set<String>)] = [
                ("k=3", ["q"]), ("q=%20%20", ["q"]), ("q=" + String(repeating: "a", count: 501), ["q"]), ("q=a%00b", ["q"]),
                ("q=soup&domain=recipes", ["domain"]), ("q=soup&domain=", ["domain"]), ("q=soup&k=0", ["k"]), ("q=soup&k=21", ["k"]), ("q=soup&k=two", ["k"]),
                ("domain=memory&k=-1", ["q", "k"]), ("q=soup&limit=3", ["limit"]),
            ]
            for (query, fields) in cases {
                let response = try await client.send(.get, Self.path(query), token: user.accessToken)
                #expect(response.status == .unprocessableContent && Set(response.errorFields) == fields, "\(query): \(response.text)")
            }
            let longest = try await client.send(.get, Self.path("q=" + String(repeating: "a", count: 500) + "&k=1"), token: user.accessToken)
            #expect(longest.status == .ok, "500 characters is the limit")
            let anonymous = try await client.send(.get, Self.path("q=soup"))
            #expect(anonymous.status == .unauthorized && anonymous.headers[.wwwAuthenticate] != nil)
        }
    }

    @Test("the corpus is embedded once, with stable ids and no owner; what is missing or from another model is re-embedded", arguments: TestDatabase.allCases)
    func embeddedOnce(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { _, server in
            // A corpus of this test's own (slugs no other test uses: the PostgreSQL database is shared).
            let tag = UUID().uuidString.lowercased()
            let recipes = RecipeCorpus.shipped.prefix(3).map { recipe in
                var copy = recipe
                copy.id = "\(recipe.id)-\(tag)"
                return copy
            }
            let collection = "zia.recipes.test-\(tag)"
            let make = {
                CorpusIndex(
                    database: server.database, vectors: makeVectorIndex(for: server.database.kind), embedder: server.embedder, logger: Logger(label: "test"),
                    recipes: recipes, articles: [], collections: (collection, "zia.knowledge.test-\(tag)"))
            }
            let ids = recipes.map { CorpusItemID.make(collection: collection, slug: $0.id) }
            let first = make()
            try await withThrowingTaskGroup { group in
                for _ in 0..<8 { group.addTask { _ = try await first.recipes(matching: "dinner", k: 3) } }
                try await group.waitForAll()
            }
            @Sendable func stored() async throws -> [UUID: String] {
                try await server.database.read { db in
                    var models: [UUID: String] = [:]
                    for row in try await db.raw(
                        "SELECT item_id, model FROM vector_entries WHERE collection = \(bind: collection) AND owner_id IS NULL AND item_id IN (\(binds: ids))"
                    ).all() {
                        models[try row.uuid("item_id")] = try row.decode(column: "model", as: String.self)
                    }
                    return models
                }
            }
            #expect(try await stored() == Dictionary(uniqueKeysWithValues: ids.map { ($0, server.embedder.model) }))
            for source in first.embeddingSources {
                let model = server.embedder.model
                #expect(try await server.database.read { try await source.pending(model: model, limit: 10, on: $0) }.isEmpty)
            }
            try await server.database.transaction { db in
                try await db.raw("UPDATE vector_entries SET model = 'retired-model' WHERE collection = \(bind: collection) AND item_id = \(bind: ids[0])").run()
                try await db.raw("DELETE FROM vector_entries WHERE collection = \(bind: collection) AND item_id = \(bind: ids[1])").run()
            }
            let recipeSource = first.embeddingSources[0], model = server.embedder.model
            let pending = try await server.database.read { try await recipeSource.pending(model: model, limit: 10, on: $0) }
            #expect(Set(pending.map(\.itemID)) == [ids[0], ids[1]] && pending.allSatisfy { $0.ownerID == nil })
            let stale = UUID()
            try await server.database.transaction { db in
                let entry = VectorEntry(collection: collection, itemID: stale, ownerID: nil, model: model, vector: try await server.embedder.embed(recipes[1].title))
                try await makeVectorIndex(for: server.database.kind).upsert(entry, on: db)
            }
            let hits = try await make().recipes(matching: recipes[1].title, k: 3)
            #expect(hits.count == 3, "the vector of an item no longer shipped was removed, not left to crowd the nearest")
            #expect(hits.first?.recipe.id == recipes[1].id)
            #expect(try await stored() == Dictionary(uniqueKeysWithValues: ids.map { ($0, server.embedder.model) }))
        }
    }
}

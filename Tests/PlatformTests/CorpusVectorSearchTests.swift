import Foundation
import Persistence
import PlatformCore
import SQLKit
import TestSupport
import Testing

/// The vector index's corpus scope (vectors stored with no owner, searched by every user) against
/// its owner scope, on both databases.
@Suite("Corpus vector search", .timeLimit(.minutes(3)))
struct CorpusVectorSearchTests {
    static let dims = 384
    static func vector(_ head: [Float]) -> [Float] { head + [Float](repeating: 0, count: dims - head.count) }
    /// A collection of the test's own: the PostgreSQL database is shared by tests running at once,
    /// and corpus vectors belong to no user that would tell them apart.
    static func collection() -> String { "c-" + UUID().uuidString }

    @Test("every user sees the corpus; owner searches never see the corpus or another owner; corpus searches never see owned vectors", arguments: TestDatabase.allCases)
    func scopesAreSeparate(_ database: TestDatabase) async throws {
        try await PersistenceContractTests.withDatabase(database) { store in
            let index = makeVectorIndex(for: store.kind)
            let c = Self.collection()
            let (alice, _) = try await store.transaction { try await PersistenceContractTests.seedVault($0) }
            let (bob, _) = try await store.transaction { try await PersistenceContractTests.seedVault($0) }
            let corpusNear = UUID(), corpusFar = UUID(), alices = UUID(), bobs = UUID()
            try await store.transaction { db in
                try await index.upsert(VectorEntry(collection: c, itemID: corpusNear, ownerID: nil, model: "m", vector: Self.vector([1, 0.2])), on: db)
                try await index.upsert(VectorEntry(collection: c, itemID: corpusFar, ownerID: nil, model: "m", vector: Self.vector([0, 1])), on: db)
                // Owned vectors nearer the query than any corpus vector.
                try await index.upsert(VectorEntry(collection: c, itemID: alices, ownerID: UserID(alice), model: "m", vector: Self.vector([1, 0])), on: db)
                try await index.upsert(VectorEntry(collection: c, itemID: bobs, ownerID: UserID(bob), model: "m", vector: Self.vector([1, 0.01])), on: db)
            }
            let query = Self.vector([1, 0])
            let corpus = try await store.read { try await index.searchCorpus(collection: c, model: "m", query: query, limit: 10, on: $0) }
            #expect(corpus.map(\.itemID) == [corpusNear, corpusFar], "the corpus, nearest first, and no owned vector")
            #expect(abs(corpus[0].similarity - Double(1 / (1 + 0.04 as Float).squareRoot())) < 1e-4)
            for (user, own) in [(alice, alices), (bob, bobs)] {
                let owned = try await store.read { try await index.search(collection: c, owner: UserID(user), model: "m", query: query, limit: 10, on: $0) }
                #expect(owned.map(\.itemID) == [own], "only the owner's own vector, never the corpus or the other user's")
            }
            let limited = try await store.read { try await index.searchCorpus(collection: c, model: "m", query: query, limit: 1, on: $0) }
            #expect(limited.map(\.itemID) == [corpusNear])
        }
    }

    @Test("a corpus search compares only vectors of its collection, model and width", arguments: TestDatabase.allCases)
    func modelAndDimensionSeparation(_ database: TestDatabase) async throws {
        try await PersistenceContractTests.withDatabase(database) { store in
            let index = makeVectorIndex(for: store.kind)
            let c = Self.collection(), d = Self.collection()
            let same = UUID(), otherModel = UUID(), otherWidth = UUID(), otherCollection = UUID()
            try await store.transaction { db in
                try await index.upsert(VectorEntry(collection: c, itemID: same, ownerID: nil, model: "m", vector: Self.vector([0, 1])), on: db)
                try await index.upsert(VectorEntry(collection: c, itemID: otherModel, ownerID: nil, model: "other", vector: Self.vector([1, 0])), on: db)
                try await index.upsert(VectorEntry(collection: c, itemID: otherWidth, ownerID: nil, model: "m", vector: [Float](repeating: 1, count: 768)), on: db)
                try await index.upsert(VectorEntry(collection: d, itemID: otherCollection, ownerID: nil, model: "m", vector: Self.vector([1, 0])), on: db)
            }
            let narrow = try await store.read { try await index.searchCorpus(collection: c, model: "m", query: Self.vector([1, 0]), limit: 10, on: $0) }
            #expect(narrow.map(\.itemID) == [same])
            let wide = try await store.read { try await index.searchCorpus(collection: c, model: "m", query: [Float](repeating: 1, count: 768), limit: 10, on: $0) }
            #expect(wide.map(\.itemID) == [otherWidth])
            let other = try await store.read { try await index.searchCorpus(collection: c, model: "other", query: Self.vector([1, 0]), limit: 10, on: $0) }
            #expect(other.map(\.itemID) == [otherModel])
        }
    }

    @Test("a corpus search finds its items even when many owned vectors lie nearer the query", arguments: TestDatabase.allCases)
    func corpusAmongManyOwnedVectors(_ database: TestDatabase) async throws {
        try await PersistenceContractTests.withDatabase(database) { store in
            let index = makeVectorIndex(for: store.kind)
            let c = Self.collection()
            let (user, _) = try await store.transaction { try await PersistenceContractTests.seedVault($0) }
            let corpus = (0..<30).map { _ in UUID() }
            try await store.transaction { db in
                for i in 0..<300 {
                    let entry = VectorEntry(collection: c, itemID: UUID(), ownerID: UserID(user), model: "m", vector: Self.vector([1, Float(i) / 1000]))
                    try await index.upsert(entry, on: db)
                }
                for (i, id) in corpus.enumerated() {
                    try await index.upsert(VectorEntry(collection: c, itemID: id, ownerID: nil, model: "m", vector: Self.vector([Float(i) / 10, 1])), on: db)
                }
            }
            let found = try await store.read { try await index.searchCorpus(collection: c, model: "m", query: Self.vector([1, 0]), limit: 20, on: $0) }
            #expect(found.map(\.itemID) == Array(corpus.reversed().prefix(20)))
            let owned = try await store.read { try await index.search(collection: c, owner: UserID(user), model: "m", query: Self.vector([0, 1]), limit: 20, on: $0) }
            #expect(owned.count == 20 && Set(owned.map(\.itemID)).isDisjoint(with: corpus))
        }
    }

    @Test("corpus item ids are name-based: stable per collection and slug, distinct otherwise")
    func corpusItemIDs() {
        let id = CorpusItemID.make(collection: "zia.recipes", slug: "pad-thai")
        #expect(id == CorpusItemID.make(collection: "zia.recipes", slug: "pad-thai"))
        #expect(id != CorpusItemID.make(collection: "zia.knowledge", slug: "pad-thai"))
        #expect(id != CorpusItemID.make(collection: "zia.recipes", slug: "pad-thai-2"))
        #expect(id.uuidString.dropFirst(14).first == "5", "version 5")
    }
}

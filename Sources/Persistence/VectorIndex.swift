import Crypto
import Foundation
import PlatformCore
import SQLKit

/// One stored vector: which item it represents, whose it is, and which embedder model made it.
public struct VectorEntry: Sendable {
    public var collection: String
    public var itemID: UUID
    public var ownerID: UserID?
    public var model: String
    public var vector: [Float]

    public init(collection: String, itemID: UUID, ownerID: UserID?, model: String, vector: [Float]) {
        self.collection = collection
        self.itemID = itemID
        self.ownerID = ownerID
        self.model = model
        self.vector = vector
    }
}

/// A search hit: the item and its cosine similarity to the query (1 = same direction).
public struct VectorMatch: Sendable, Equatable {
    public var itemID: UUID
    public var similarity: Double
}

/// Similarity search over stored vectors, shared by every app (hints, gift ideas, recipes, …).
/// Vectors of different models are never compared: a search names the model it queries.
///
/// Two scopes: a user's own vectors (``search(collection:owner:model:query:limit:on:)``) and the
/// shared corpus, vectors stored with no owner (a shipped recipe collection, a knowledge base),
/// which every user searches (``searchCorpus(collection:model:query:limit:on:)``). Neither scope
/// ever returns the other's vectors.
public protocol VectorIndex: Sendable {
    func upsert(_ entry: VectorEntry, on db: any SQLDatabase) async throws
    func delete(collection: String, itemID: UUID, on db: any SQLDatabase) async throws
    /// The `limit` nearest of `owner`'s vectors in `collection` made by `model`, most similar first.
    func search(collection: String, owner: UserID, model: String, query: [Float], limit: Int, on db: any SQLDatabase) async throws -> [VectorMatch]
    /// The `limit` nearest corpus vectors (stored with no owner) in `collection` made by `model`,
    /// most similar first.
    func searchCorpus(collection: String, model: String, query: [Float], limit: Int, on db: any SQLDatabase) async throws -> [VectorMatch]
}

/// Whose vectors a search reads: one owner's, or the shared corpus (owner NULL).
enum VectorScope {
    case owner(UserID)
    case corpus

    /// The scope's condition on `owner_id`.
    var condition: SQLQueryString {
        switch self {
        case .owner(let owner): "owner_id = \(bind: owner.uuid)"
        case .corpus: "owner_id IS NULL"
        }
    }
}

/// Builds the index that suits the database: pgvector on PostgreSQL, an exact scan on SQLite.
public func makeVectorIndex(for kind: DatabaseKind) -> any VectorIndex {
    switch kind {
    case .postgres: PGVectorIndex()
    case .sqlite: ExactScanVectorIndex()
    }
}

/// pgvector: vectors in a `vector` column, cosine distance `<=>`, and an HNSW index per dimension
/// (`embedding::vector(N)` partial index) that the search expression matches.
public struct PGVectorIndex: VectorIndex {
    public init() {}

    static func literal(_ vector: [Float]) -> String {
        "[" + vector.map { String($0) }.joined(separator: ",") + "]"
    }

    public func upsert(_ entry: VectorEntry, on db: any SQLDatabase) async throws {
        try await db.raw(
            """
            INSERT INTO vector_entries (collection, item_id, owner_id, model, dims, embedding)
            VALUES (\(bind: entry.collection), \(bind: entry.itemID), \(bind: entry.ownerID?.uuid), \(bind: entry.model), \(bind: entry.vector.count), \(bind: Self.literal(entry.vector))::vector)
            ON CONFLICT (collection, item_id) DO UPDATE SET
                owner_id = EXCLUDED.owner_id, model = EXCLUDED.model, dims = EXCLUDED.dims, embedding = EXCLUDED.embedding
            """
        ).run()
    }

    public func delete(collection: String, itemID: UUID, on db: any SQLDatabase) async throws {
        try await db.raw("DELETE FROM vector_entries WHERE collection = \(bind: collection) AND item_id = \(bind: itemID)").run()
    }

    public func search(collection: String, owner: UserID, model: String, query: [Float], limit: Int, on db: any SQLDatabase) async throws -> [VectorMatch] {
        try await search(collection: collection, scope: .owner(owner), model: model, query: query, limit: limit, on: db)
    }

    public func searchCorpus(collection: String, model: String, query: [Float], limit: Int, on db: any SQLDatabase) async throws -> [VectorMatch] {
        try await search(collection: collection, scope: .corpus, model: model, query: query, limit: limit, on: db)
    }

    /// Both scopes through the partial HNSW index of the query's width (its `dims = N` predicate
    /// and `embedding::vector(N)` expression are the ones written here); the scope, collection and
    /// model filter the index's candidates.
    func search(collection: String, scope: VectorScope, model: String, query: [Float], limit: Int, on db: any SQLDatabase) async throws -> [VectorMatch] {
        let dims = query.count
        let rows = try await db.raw(
            """
            SELECT item_id, 1 - ((embedding::vector(\(unsafeRaw: String(dims)))) <=> \(bind: Self.literal(query))::vector(\(unsafeRaw: String(dims)))) AS similarity
            FROM vector_entries
            WHERE collection = \(bind: collection) AND \(scope.condition) AND model = \(bind: model) AND dims = \(unsafeRaw: String(dims))
            ORDER BY (embedding::vector(\(unsafeRaw: String(dims)))) <=> \(bind: Self.literal(query))::vector(\(unsafeRaw: String(dims)))
            LIMIT \(bind: limit)
            """
        ).all()
        return try rows.map { VectorMatch(itemID: try $0.uuid("item_id"), similarity: try $0.decode(column: "similarity", as: Double.self)) }
    }
}

/// SQLite: vectors as little-endian Float32 blobs and an exact cosine scan over one owner's vectors
/// (sqlite-nio cannot load extensions, and an owner's few hundred vectors scan in microseconds).
public struct ExactScanVectorIndex: VectorIndex {
    public init() {}

    static func blob(_ vector: [Float]) -> Data {
        // One copy of the whole array (little-endian, as every platform this runs on stores floats);
        // appending float by float cost a tenth of a hint's creation.
        #if _endian(little)
            return vector.withUnsafeBytes { Data($0) }
        #else
            var data = Data(capacity: vector.count * 4)
            for value in vector {
                withUnsafeBytes(of: value.bitPattern.littleEndian) { data.append(contentsOf: $0) }
            }
            return data
        #endif
    }

    static func vector(from blob: Data) -> [Float] {
        let count = blob.count / 4
        return blob.withUnsafeBytes { raw in
            (0..<count).map { Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self))) }
        }
    }

    /// The upsert runs with every hint written (``FixedSQL``: no serialization per write).
    private static let upsertStatement = FixedSQL(
        """
        INSERT INTO vector_entries (collection, item_id, owner_id, model, dims, embedding) VALUES (?, ?, ?, ?, ?, ?)
        ON CONFLICT (collection, item_id) DO UPDATE SET
            owner_id = excluded.owner_id, model = excluded.model, dims = excluded.dims, embedding = excluded.embedding
        """)

    public func upsert(_ entry: VectorEntry, on db: any SQLDatabase) async throws {
        try await db.forEachRow(
            Self.upsertStatement, [entry.collection, entry.itemID, entry.ownerID?.uuid, entry.model, entry.vector.count, Self.blob(entry.vector)]
        ) { _ in }
    }

    public func delete(collection: String, itemID: UUID, on db: any SQLDatabase) async throws {
        try await db.raw("DELETE FROM vector_entries WHERE collection = \(bind: collection) AND item_id = \(bind: itemID)").run()
    }

    public func search(collection: String, owner: UserID, model: String, query: [Float], limit: Int, on db: any SQLDatabase) async throws -> [VectorMatch] {
        try await search(collection: collection, scope: .owner(owner), model: model, query: query, limit: limit, on: db)
    }

    public func searchCorpus(collection: String, model: String, query: [Float], limit: Int, on db: any SQLDatabase) async throws -> [VectorMatch] {
        try await search(collection: collection, scope: .corpus, model: model, query: query, limit: limit, on: db)
    }

    /// An exact cosine scan of the scope's vectors (a corpus of a few hundred items scans in well
    /// under a millisecond).
    func search(collection: String, scope: VectorScope, model: String, query: [Float], limit: Int, on db: any SQLDatabase) async throws -> [VectorMatch] {
        let rows = try await db.raw(
            """
            SELECT item_id, embedding FROM vector_entries
            WHERE collection = \(bind: collection) AND \(scope.condition) AND model = \(bind: model) AND dims = \(bind: query.count)
            """
        ).all()
        var matches: [VectorMatch] = []
        matches.reserveCapacity(rows.count)
        for row in rows {
            let stored = Self.vector(from: try row.decode(column: "embedding", as: Data.self))
            matches.append(VectorMatch(itemID: try row.uuid("item_id"), similarity: Double(cosineSimilarity(query, stored))))
        }
        matches.sort { $0.similarity != $1.similarity ? $0.similarity > $1.similarity : $0.itemID.uuidString < $1.itemID.uuidString }
        return Array(matches.prefix(limit))
    }
}

/// Cosine similarity of two equally long vectors (0 when either is all zeros).
public func cosineSimilarity(_ a: [Float], _ b: [Float]) -> Float {
    precondition(a.count == b.count)
    var dot: Float = 0, normA: Float = 0, normB: Float = 0
    for i in 0..<a.count {
        dot += a[i] * b[i]
        normA += a[i] * a[i]
        normB += b[i] * b[i]
    }
    let denominator = normA.squareRoot() * normB.squareRoot()
    return denominator == 0 ? 0 : dot / denominator
}

/// Stable ids for the items of a shared corpus that exist only as slugs (a shipped recipe, a
/// knowledge article): a name-based UUID (RFC 9562 version 5) of the collection and the slug, so
/// every server and every restart stores and finds the same vector for the same item.
public enum CorpusItemID {
    /// RFC 9562's URL namespace.
    static let namespace = UUID(uuidString: "6BA7B811-9DAD-11D1-80B4-00C04FD430C8")!

    public static func make(collection: String, slug: String) -> UUID {
        var bytes = withUnsafeBytes(of: namespace.uuid) { Array($0) }
        bytes.append(contentsOf: Array("corpus:\(collection)/\(slug)".utf8))
        var hash = Array(Insecure.SHA1.hash(data: bytes).prefix(16))
        hash[6] = (hash[6] & 0x0F) | 0x50
        hash[8] = (hash[8] & 0x3F) | 0x80
        return UUID(
            uuid: (hash[0], hash[1], hash[2], hash[3], hash[4], hash[5], hash[6], hash[7], hash[8], hash[9], hash[10], hash[11], hash[12], hash[13], hash[14], hash[15]))
    }
}

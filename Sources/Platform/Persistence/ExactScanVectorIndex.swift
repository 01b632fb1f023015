import Crypto
import Foundation
import PlatformCore
import SQLKit

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

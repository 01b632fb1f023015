import AIProviders
import Foundation
import Logging
import Persistence
import PlatformCore
import SQLKit
import ZiaAPI

/// A user's memories (`zia_memories`) with their vectors in the platform's index (collection
/// `zia.memory`, owner the user, item the row's id): saved by key, listed by domain, forgotten with
/// their vector, and read for the assistant's prompts only while the user's personalisation consent
/// is on.
public struct MemoryStore: Sendable {
    public static let collection = "zia.memory"

    let database: any Database
    let vectors: any VectorIndex
    let embedder: any Embedder
    let clock: any TimeSource
    let logger: Logger

    public init(database: any Database, vectors: any VectorIndex, embedder: any Embedder, clock: any TimeSource, logger: Logger) {
        self.database = database
        self.vectors = vectors
        self.embedder = embedder
        self.clock = clock
        self.logger = logger
    }

    /// What a memory's vector is made from: its key in words and its value.
    static func embeddingText(key: String, value: String) -> String {
        key.split(separator: "_").joined(separator: " ") + ": " + value
    }

    /// The user's memories (of `domain` when given), most recently updated first.
    public func list(for user: UserID, domain: MemoryDomain? = nil) async throws -> [Memory] {
        let all = try await database.read { db in try await Self.memories(of: user, in: db) }
        return domain.map { domain in all.filter { $0.domain == domain } } ?? all
    }

    /// Saves `entry` under its key, replacing the user's memory of that key, with its vector (an
    /// embedding failure leaves the vector to the platform's backfill). A new key beyond
    /// ``MemoryRules/maxMemories`` is a 422 naming `key`.
    public func save(_ entry: NewMemory, for user: UserID) async throws -> Memory {
        var vector: [Float]?
        do {
            vector = try await embedder.embed(Self.embeddingText(key: entry.key, value: entry.value))
        } catch {
            logger.warning("zia: memory not embedded", metadata: ["error": "\(error)"])
        }
        let model = embedder.model, now = clock.now(), embedded = vector
        return try await database.transaction(owner: user.uuid) { db in
            let exists = try await db.raw("SELECT id FROM zia_memories WHERE user_id = \(bind: user.uuid) AND key = \(bind: entry.key)").first() != nil
            if !exists {
                let count = try await db.raw("SELECT COUNT(*) AS n FROM zia_memories WHERE user_id = \(bind: user.uuid)").first()?.decode(column: "n", as: Int.self) ?? 0
                guard count < MemoryRules.maxMemories else { throw MemoryLimitReached() }
            }
            let row = try await db.raw(
                """
                INSERT INTO zia_memories (id, user_id, key, kind, value, created_at, updated_at)
                VALUES (\(bind: UUID()), \(bind: user.uuid), \(bind: entry.key), \(bind: entry.kind.rawValue), \(bind: entry.value), \(bind: now), \(bind: now))
                ON CONFLICT (user_id, key) DO UPDATE SET kind = excluded.kind, value = excluded.value, updated_at = excluded.updated_at
                RETURNING id, created_at
                """
            ).first()
            guard let row else { throw MemoryNotStored() }
            let id = try row.uuid("id")
            if let vector = embedded {
                try await vectors.upsert(VectorEntry(collection: Self.collection, itemID: id, ownerID: user, model: model, vector: vector), on: db)
            } else {
                try await vectors.delete(collection: Self.collection, itemID: id, on: db)
            }
            return Memory(
                key: entry.key, kind: entry.kind, value: entry.value, domain: entry.domain, createdAt: try row.decode(column: "created_at", as: Date.self),
                updatedAt: now)
        }
    }

    /// Forgets the user's memory `key` and its vector; false when they have none of that key.
    public func delete(key: String, for user: UserID) async throws -> Bool {
        try await database.transaction(owner: user.uuid) { db in
            let row = try await db.raw("DELETE FROM zia_memories WHERE user_id = \(bind: user.uuid) AND key = \(bind: key) RETURNING id").first()
            guard let row else { return false }
            try await vectors.delete(collection: Self.collection, itemID: try row.uuid("id"), on: db)
            return true
        }
    }

    /// The texts of the user's memories (of `domain` when given) for the assistant's prompt,
    /// newest first — none unless the user's `personalization_consent` is on.
    public func memoriesForPrompt(user: UserID, domain: MemoryDomain?) async throws -> [String] {
        let memories: [Memory] = try await database.read { db in
            guard try await ZiaUserRepository.find(user, in: db)?.personalizationConsent == true else { return [] }
            return try await Self.memories(of: user, in: db)
        }
        return memories.filter { domain == nil || $0.domain == domain }.map(\.value)
    }

    static func memories(of user: UserID, in db: any SQLDatabase) async throws -> [Memory] {
        try await db.raw(
            "SELECT key, kind, value, created_at, updated_at FROM zia_memories WHERE user_id = \(bind: user.uuid) ORDER BY updated_at DESC, key"
        ).all().compactMap { row in
            let key = try row.decode(column: "key", as: String.self)
            guard let kind = MemoryKind(rawValue: try row.decode(column: "kind", as: String.self)), let domain = MemoryDomain(key: key) else { return nil }
            return Memory(
                key: key, kind: kind, value: try row.decode(column: "value", as: String.self), domain: domain,
                createdAt: try row.decode(column: "created_at", as: Date.self), updatedAt: try row.decode(column: "updated_at", as: Date.self))
        }
    }
}

import Foundation

/// A ``SyncedKind`` without its types: what a replay needs to settle an operation of it on the snapshot.
protocol LocalKind {
    var outboxKind: OutboxEntityKind { get }
    func remove(_ id: UUID, from snapshot: inout LocalSnapshot)
    /// Stores the server's answer to a change (replacing the record under `old`); the entity's id.
    func store(_ data: Data, replacing old: UUID?, after operation: OutboxOperation, in snapshot: inout LocalSnapshot) throws -> UUID
    /// Stores the server's version as synced.
    func restore(_ data: Data, in snapshot: inout LocalSnapshot) throws
    /// A 412: keeps both versions, or the server's alone; false when the entity is gone on the server.
    func settle(_ conflict: OutboxConflict, in snapshot: inout LocalSnapshot) throws -> Bool
}

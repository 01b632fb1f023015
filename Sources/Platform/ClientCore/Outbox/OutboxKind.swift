import Foundation
import PlatformAPI

/// One entity kind as an app declares it for its outbox, typed: the routes its changes go to
/// (from the app's contract), the id fields of its bodies, how to read its current version, and how
/// to merge — the changes that turn one version into another, which tell a 412 that already holds
/// the user's change from a real conflict and are what "keep mine" sends.
public struct OutboxKind<Value: Codable & Sendable, Changes: Encodable & Sendable>: Sendable {
    public let erased: OutboxEntityKind
    /// The changes that turn the first version into the second.
    public let changes: @Sendable (Value, Value) -> Changes
    /// Whether changes change nothing.
    public let isEmpty: @Sendable (Changes) -> Bool
    /// The user's version with changes applied (what the device shows before the server confirms).
    public let apply: @Sendable (Changes, Value) -> Value
    /// The entity's id and version (`updated_at`).
    public let id: @Sendable (Value) -> UUID
    public let version: @Sendable (Value) -> Date

    public init<ID: PathParameter, Scope: PathParameter, New>(
        _ entity: OutboxOperation.Entity,
        create: Route<Scope, New, Value>,
        read: OutboxRead<Value>,
        update: Route<ID, Changes, Value>,
        delete: Route<ID, NoBody, NoContent>,
        actions: [OutboxOperation.Kind: OutboxRoute] = [:],
        references: [OutboxReference] = [],
        id: @escaping @Sendable (Value) -> UUID,
        version: @escaping @Sendable (Value) -> Date,
        changes: @escaping @Sendable (Value, Value) -> Changes,
        isEmpty: @escaping @Sendable (Changes) -> Bool,
        apply: @escaping @Sendable (Changes, Value) -> Value
    ) {
        let routes = actions.merging([.create: OutboxRoute(create), .update: OutboxRoute(update), .delete: OutboxRoute(delete, goneIsDone: true)]) { action, _ in
            action
        }
        erased = OutboxEntityKind(
            entity: entity, routes: routes, references: references,
            read: { client, target, scope in try WireFormat.requestEncoder().encode(try await read.fetch(client, target, scope)) },
            identify: { data in id(try WireFormat.decoder().decode(Value.self, from: data)) })
        self.changes = changes
        self.isEmpty = isEmpty
        self.apply = apply
        self.id = id
        self.version = version
    }

    public var entity: OutboxOperation.Entity { erased.entity }

    /// A response or conflict body as the entity.
    public func decode(_ data: Data) throws -> Value {
        do { return try WireFormat.decoder().decode(Value.self, from: data) } catch { throw ClientError.decoding("\(Value.self): \(error)") }
    }

    /// A 412 settled: the server's version alone when it already holds `mine` (a replay of a change
    /// whose answer was lost) or when the change was a delete; else both, for the user to choose.
    public func settle(_ conflict: OutboxConflict, mine: Value?) throws -> (value: Value, server: Value?)? {
        guard let data = conflict.server else { return nil }
        let server = try decode(data)
        guard conflict.operation.kind != .delete, let mine, !isEmpty(changes(server, mine)) else { return (server, nil) }
        return (mine, server)
    }
}

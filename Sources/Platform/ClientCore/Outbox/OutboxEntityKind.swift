import Foundation
import PlatformAPI

/// One kind of entity the outbox can replay changes of, without its Swift types: its routes by
/// operation kind, the id fields of its bodies, and how to read the server's current version (for
/// a 412). Built from an ``OutboxKind`` declaration.
public struct OutboxEntityKind: Sendable {
    public let entity: OutboxOperation.Entity
    public let routes: [OutboxOperation.Kind: OutboxRoute]
    public let references: [OutboxReference]
    /// The server's current version as JSON (target, scope); throws ``ClientError/notFound(_:)`` when gone.
    let read: @Sendable (APIClient, UUID, UUID?) async throws -> Data
    /// The id of the entity a response body holds (the server's id after a create).
    let identify: @Sendable (Data) throws -> UUID

    /// The path parameter an operation of `kind` is sent with: the scope for a create, else the target.
    func parameter(of operation: OutboxOperation) -> UUID? { operation.kind == .create ? operation.scope : operation.target }
}

extension OutboxEntityKind {
    /// An entity kind changed only by actions that answer the whole entity (a shopping session's
    /// check, skip, complete): no create, update or delete of its own, and no `If-Match`, so no 412
    /// to read the server's version for.
    public static func actions<Value: Decodable>(
        _ entity: OutboxOperation.Entity, _ routes: [OutboxOperation.Kind: OutboxRoute], id: @escaping @Sendable (Value) -> UUID
    ) -> OutboxEntityKind {
        OutboxEntityKind(
            entity: entity, routes: routes, references: [], read: { _, target, _ in throw ClientError.notFound("\(target)") },
            identify: { data in id(try WireFormat.decoder().decode(Value.self, from: data)) })
    }
}

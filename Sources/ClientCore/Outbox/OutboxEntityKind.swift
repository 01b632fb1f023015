import Foundation
import PlatformAPI

/// A field of a queued body that holds another entity's id (`recipient_id`), declared by name so a
/// temporary id in it follows the server's, and so the outbox knows what to do when the entity it
/// names never reaches the server.
public struct OutboxReference: Sendable, Hashable {
    /// What becomes of a queued operation whose field names an entity that is gone before it was sent.
    public enum Gone: Sendable, Hashable {
        /// The operation is sent with `null` in the field (an optional link).
        case clear
        /// The operation goes too (it cannot exist without it).
        case drop
    }

    public let field: String
    public let whenGone: Gone

    public init(_ field: String, whenGone: Gone) {
        self.field = field
        self.whenGone = whenGone
    }
}

/// The route an operation kind is sent to, without its types: a ``RouteShape`` and whether a 404
/// means the change already holds (a delete of something already gone).
public struct OutboxRoute: Sendable {
    public let shape: RouteShape
    public let goneIsDone: Bool

    public init<Parameter, Body, Response>(_ route: Route<Parameter, Body, Response>, goneIsDone: Bool = false) {
        self.shape = route.shape
        self.goneIsDone = goneIsDone
    }

    /// The endpoint with `parameter` (the operation's target or scope) in its path.
    func endpoint(_ parameter: UUID?) -> Endpoint {
        let path = RouteTemplate.parameterNames(shape.template).isEmpty ? shape.path : RouteTemplate.filling(shape.path, with: parameter?.wireText ?? "")
        return Endpoint(shape.method, path)
    }
}

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

/// The entity kinds an app declares, by name.
public struct OutboxKinds: Sendable {
    let byName: [OutboxOperation.Entity: OutboxEntityKind]

    public init(_ kinds: [OutboxEntityKind]) {
        byName = Dictionary(kinds.map { ($0.entity, $0) }, uniquingKeysWith: { first, _ in first })
    }

    public subscript(entity: OutboxOperation.Entity) -> OutboxEntityKind? { byName[entity] }
}

/// How the outbox reads an entity's current version on the server: by its own route, or from the
/// list of its parent (the operation's scope).
public struct OutboxRead<Value: Decodable & Sendable>: Sendable {
    let fetch: @Sendable (APIClient, UUID, UUID?) async throws -> Value

    /// Any other way (an entity found in a list its route answers inside an object): `fetch` gets
    /// the client, the target and the scope, and throws ``ClientError/notFound(_:)`` when gone.
    public init(_ fetch: @escaping @Sendable (APIClient, UUID, UUID?) async throws -> Value) { self.fetch = fetch }

    /// `GET …/things/{id}`.
    public static func item<ID: PathParameter>(_ route: Route<ID, NoBody, Value>) -> OutboxRead {
        OutboxRead { client, target, _ in
            guard let id = ID(pathComponent: target.wireText) else { throw ClientError.notFound("\(target)") }
            return try await client.send(route, id)
        }
    }

    /// `GET …/parents/{scope}/things`, the one with the target's id.
    public static func inList<Scope: PathParameter>(_ route: Route<Scope, NoBody, [Value]>, id: @escaping @Sendable (Value) -> UUID) -> OutboxRead {
        OutboxRead { client, target, scope in
            guard let scope, let parent = Scope(pathComponent: scope.wireText) else { throw ClientError.notFound("\(target)") }
            guard let value = try await client.send(route, parent).first(where: { id($0) == target }) else { throw ClientError.notFound("\(target)") }
            return value
        }
    }
}

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

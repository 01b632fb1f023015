import Foundation
import PlatformAPI

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

import Foundation
import PlatformAPI

/// Sends queued operations to the routes their entity kinds declare and replays a queue in order:
/// one operation at a time, each with its own `Idempotency-Key` (POSTs) and `If-Match` (its base
/// version), stopping at the first that cannot be sent now so nothing overtakes it.
public struct OutboxSender: Sendable {
    public let client: APIClient
    public let kinds: OutboxKinds

    public init(client: APIClient, kinds: OutboxKinds) {
        self.client = client
        self.kinds = kinds
    }

    /// Sends `operation` once (the client retries transient failures inside) and says what came of
    /// it. Operations of kinds with no declared route (an app's uploads) are sent by `other`.
    public func send(
        _ operation: OutboxOperation, isolation: isolated (any Actor)? = #isolation, other: (OutboxOperation) async throws -> HTTPResponseData
    ) async -> OutboxOutcome {
        let kind = kinds[operation.entity]
        let route = kind?.routes[operation.kind]
        do {
            guard let kind, let route else { return .applied(try await other(operation)) }
            var headers: [String: String] = [:]
            if route.shape.method == .post { headers[PreconditionHeaders.idempotencyKey] = operation.id.wireText }
            if let base = operation.base { headers[PreconditionHeaders.ifMatch] = EntityTag(updatedAt: base).description }
            let authenticated = route.shape.root.authenticated
            let call = APICall(
                route.endpoint(kind.parameter(of: operation)), body: try operation.body?.data(), headers: headers, authenticated: authenticated, retryRefresh: authenticated)
            do {
                return .applied(try await client.send(call))
            } catch let error as ClientError where error.isPreconditionFailed {
                return await conflict(operation, kind)
            } catch ClientError.notFound where route.goneIsDone {
                return .alreadyGone
            }
        } catch {
            return .failed(error)
        }
    }

    private func conflict(_ operation: OutboxOperation, _ kind: OutboxEntityKind) async -> OutboxOutcome {
        guard let target = operation.target else { return .refused(.conflict(status: 412, code: nil, message: "Changed on the server.")) }
        do {
            return .conflict(OutboxConflict(operation: operation, server: try await kind.read(client, target, operation.scope)))
        } catch ClientError.notFound {
            return .conflict(OutboxConflict(operation: operation, server: nil))
        } catch {
            return .failed(error)
        }
    }

    /// What the server holds now for `target` of `entity` (`scope`: its parent), as JSON.
    public func current(_ entity: OutboxOperation.Entity, _ target: UUID, scope: UUID?) async throws -> Data {
        guard let kind = kinds[entity] else { throw ClientError.notFound("\(entity) is not declared.") }
        return try await kind.read(client, target, scope)
    }

    /// The id the server gave the entity a create's answer holds.
    public func createdID(_ response: HTTPResponseData, of operation: OutboxOperation) throws -> UUID? {
        try kinds[operation.entity]?.identify(response.body)
    }

    /// Replays the queue in order: `next` gives the operation at its head, `settle` records what
    /// became of it (and takes it off the queue); stops at the first interruption and returns it,
    /// the operation kept at the head.
    public func replay(
        isolation: isolated (any Actor)? = #isolation,
        next: () -> OutboxOperation?,
        other: (OutboxOperation) async throws -> HTTPResponseData,
        settle: (OutboxOperation, OutboxOutcome) async -> Void
    ) async -> ClientError? {
        while let operation = next() {
            let outcome = await send(operation, other: other)
            if case .interrupted(let error) = outcome { return error }
            await settle(operation, outcome)
        }
        return nil
    }
}

import Foundation
import PlatformAPI

/// One change made on the device that the server has not confirmed yet: what it does (``kind``) to
/// which kind of entity (``entity``), the entity's id (``target``; for a create the temporary id
/// the device gave it), the parent its create route names (``scope``), its body as a
/// ``JSONValue`` and the version it was made against (``base``, sent as `If-Match`). Its ``id`` is
/// its `Idempotency-Key`, the same on every attempt. No path is stored: the path is built from the
/// entity's declared routes when the operation is sent, so a temporary id swapped in ``target`` or
/// ``scope`` is swapped in the path too.
public struct OutboxOperation: Codable, Sendable, Equatable, Identifiable {
    /// What an operation does. `create`, `update` and `delete` are the outbox's own; an app adds
    /// its actions (`static let capture = Kind("capture")`).
    public struct Kind: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        public static let create = Kind("create")
        public static let update = Kind("update")
        public static let delete = Kind("delete")
    }

    /// The name of an entity kind an app declares (``OutboxEntityKind``).
    public struct Entity: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }
    }

    /// Also the `Idempotency-Key` of a POST, so a replay after a lost answer never creates twice.
    public var id: UUID
    public var kind: Kind
    public var entity: Entity
    /// The entity changed, deleted or (for creates) the temporary id of the one created.
    public var target: UUID?
    /// The parent the entity's create (and list) route names in its path (an occasion's contact).
    public var scope: UUID?
    /// The JSON body; its id fields (declared by the entity kind) follow temporary ids.
    public var body: JSONValue?
    /// The entity's `updated_at` the change was made against (sent as `If-Match`).
    public var base: Date?
    public var queuedAt: Date

    public init(
        id: UUID = UUID(), kind: Kind, entity: Entity, target: UUID?, scope: UUID? = nil, body: JSONValue? = nil, base: Date? = nil, queuedAt: Date
    ) {
        self.id = id
        self.kind = kind
        self.entity = entity
        self.target = target
        self.scope = scope
        self.body = body
        self.base = base
        self.queuedAt = queuedAt
    }

    /// Whether the operation is addressed to `id` (as its target or in its path).
    public func addresses(_ id: UUID) -> Bool { target == id || scope == id }
}

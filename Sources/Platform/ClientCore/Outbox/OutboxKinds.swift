import Foundation
import PlatformAPI

/// The entity kinds an app declares, by name.
public struct OutboxKinds: Sendable {
    let byName: [OutboxOperation.Entity: OutboxEntityKind]

    public init(_ kinds: [OutboxEntityKind]) {
        byName = Dictionary(kinds.map { ($0.entity, $0) }, uniquingKeysWith: { first, _ in first })
    }

    public subscript(entity: OutboxOperation.Entity) -> OutboxEntityKind? { byName[entity] }
}

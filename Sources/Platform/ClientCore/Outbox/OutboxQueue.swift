import Foundation

/// The queued operations in the order they were made, and the temporary ids already swapped for the
/// server's. A value: the app keeps it where it keeps its local data and saves it through an
/// ``OutboxStore`` (or inside its own document) after every change.
public struct OutboxQueue: Codable, Sendable, Equatable {
    public private(set) var operations: [OutboxOperation] = []

    public init(_ operations: [OutboxOperation] = []) { self.operations = operations }

    public init(from decoder: any Decoder) throws {
        operations = try decoder.singleValueContainer().decode([OutboxOperation].self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(operations)
    }

    public var isEmpty: Bool { operations.isEmpty }
    public var first: OutboxOperation? { operations.first }

    public mutating func append(_ operation: OutboxOperation) { operations.append(operation) }

    public mutating func remove(_ id: UUID) { operations.removeAll { $0.id == id } }

    public mutating func removeAll(where drop: (OutboxOperation) -> Bool) { operations.removeAll(where: drop) }

    /// Whether an operation is queued for entity `id`.
    public func hasQueued(_ id: UUID) -> Bool { operations.contains { $0.target == id } }

    /// A temporary id became the server's: queued operations addressed to it, and the id fields of
    /// their bodies that `kinds` declare, now name the server's id.
    public mutating func swap(_ old: UUID, for new: UUID, kinds: OutboxKinds) {
        guard old != new else { return }
        for index in operations.indices {
            if operations[index].target == old { operations[index].target = new }
            if operations[index].scope == old { operations[index].scope = new }
            let fields = kinds[operations[index].entity]?.references.map(\.field) ?? []
            operations[index].body?.replaceID(old, by: .string(new.wireText), in: fields)
        }
    }

    /// An entity that never reached the server is gone: its own operations go, as do operations
    /// addressed to it (scope) or whose body needs it (a ``OutboxReference/Gone/drop`` field); a
    /// body whose field may lose it (``OutboxReference/Gone/clear``) is sent with `null` there.
    public mutating func forget(_ id: UUID, kinds: OutboxKinds) {
        operations.removeAll { operation in
            operation.addresses(id)
                || (kinds[operation.entity]?.references.contains { $0.whenGone == .drop && operation.body?.names(id, in: $0.field) == true } ?? false)
        }
        for index in operations.indices {
            let cleared = kinds[operations[index].entity]?.references.filter { $0.whenGone == .clear }.map(\.field) ?? []
            operations[index].body?.replaceID(id, by: .null, in: cleared)
        }
    }
}

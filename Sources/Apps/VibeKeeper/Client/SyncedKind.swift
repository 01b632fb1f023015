import Foundation

/// One of the entity kinds ``SyncManager`` keeps on the device: its outbox declaration (routes from
/// `VibeKeeperRoutes`, id fields of its bodies, how to merge), where the snapshot keeps its
/// records, and the parent its routes name (an occasion's contact).
struct SyncedKind<Entity, Value: Codable & Sendable & Equatable, Changes: Encodable & Sendable> {
    let outbox: OutboxKind<Value, Changes>
    let records: WritableKeyPath<LocalSnapshot, [TypedID<Entity>: LocalRecord<Value>]>
    var scope: (Value) -> UUID? = { _ in nil }
}

extension SyncedKind where Entity == GiftIdeaEntity, Value == GiftIdea, Changes == GiftIdeaChanges {
    static var giftIdea: Self {
        SyncedKind(
            outbox: OutboxKind(
                .giftIdea, create: VibeKeeperRoutes.createGiftIdea, read: .item(VibeKeeperRoutes.giftIdea), update: VibeKeeperRoutes.updateGiftIdea,
                delete: VibeKeeperRoutes.deleteGiftIdea,
                actions: [.acceptReview: OutboxRoute(VibeKeeperRoutes.acceptReview), .discardReview: OutboxRoute(VibeKeeperRoutes.discardReview, goneIsDone: true)],
                references: [OutboxReference("recipient_id", whenGone: .clear)], id: \.id.uuid, version: \.updatedAt, changes: GiftIdeaChanges.between,
                isEmpty: \.isEmpty, apply: { $0.applied(to: $1) }),
            records: \.ideas)
    }
}

extension SyncedKind where Entity == ContactEntity, Value == Contact, Changes == ContactChanges {
    static var contact: Self {
        SyncedKind(
            outbox: OutboxKind(
                .contact, create: VibeKeeperRoutes.createContact, read: .item(VibeKeeperRoutes.contact), update: VibeKeeperRoutes.updateContact,
                delete: VibeKeeperRoutes.deleteContact, id: \.id.uuid, version: \.updatedAt, changes: ContactChanges.between, isEmpty: \.isEmpty,
                apply: { $0.applied(to: $1) }),
            records: \.contacts)
    }
}

extension SyncedKind where Entity == OccasionEntity, Value == Occasion, Changes == OccasionChanges {
    static var occasion: Self {
        SyncedKind(
            outbox: OutboxKind(
                .occasion, create: VibeKeeperRoutes.createOccasion, read: .inList(VibeKeeperRoutes.occasions, id: \.id.uuid),
                update: VibeKeeperRoutes.updateOccasion, delete: VibeKeeperRoutes.deleteOccasion, id: \.id.uuid, version: \.updatedAt,
                changes: OccasionChanges.between, isEmpty: \.isEmpty, apply: { $0.applied(to: $1) }),
            records: \.occasions, scope: \.contactId.uuid)
    }
}

extension SyncedKind where Entity == ReminderEntity, Value == Reminder, Changes == ReminderChanges {
    static var reminder: Self {
        SyncedKind(
            outbox: OutboxKind(
                .reminder, create: VibeKeeperRoutes.createReminder, read: .item(VibeKeeperRoutes.reminder), update: VibeKeeperRoutes.updateReminder,
                delete: VibeKeeperRoutes.deleteReminder, references: [OutboxReference("gift_idea_id", whenGone: .drop)], id: \.id.uuid, version: \.updatedAt,
                changes: ReminderChanges.between, isEmpty: \.isEmpty, apply: { $0.applied(to: $1) }),
            records: \.reminders)
    }
}

extension SyncedKind: LocalKind {
    var outboxKind: OutboxEntityKind { outbox.erased }

    func remove(_ id: UUID, from snapshot: inout LocalSnapshot) {
        snapshot[keyPath: records].removeValue(forKey: TypedID(id))
    }

    func store(_ data: Data, replacing old: UUID?, after operation: OutboxOperation, in snapshot: inout LocalSnapshot) throws -> UUID {
        let value = try outbox.decode(data)
        let id = outbox.id(value)
        if let old { snapshot[keyPath: records].removeValue(forKey: TypedID(old)) }
        // Still pending when more changes to it wait in the outbox (they follow in the same replay).
        let more = snapshot.outbox.operations.contains { $0.id != operation.id && ($0.target == id || $0.target == operation.target) }
        snapshot[keyPath: records][TypedID(id)] = LocalRecord(value: value, syncStatus: more ? .pending : .synced)
        return id
    }

    func restore(_ data: Data, in snapshot: inout LocalSnapshot) throws {
        let value = try outbox.decode(data)
        snapshot[keyPath: records][TypedID(outbox.id(value))] = LocalRecord(value: value)
    }

    func settle(_ conflict: OutboxConflict, in snapshot: inout LocalSnapshot) throws -> Bool {
        let mine = conflict.operation.target.flatMap { snapshot[keyPath: records][TypedID($0)] }
        guard let settled = try outbox.settle(conflict, mine: mine?.value) else { return false }
        snapshot[keyPath: records][TypedID(outbox.id(settled.value))] =
            settled.server.map { LocalRecord(value: settled.value, syncStatus: .conflict, serverValue: $0) } ?? LocalRecord(value: settled.value)
        return true
    }
}

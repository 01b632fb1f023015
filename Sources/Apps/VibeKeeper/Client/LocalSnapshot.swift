import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Everything the device keeps for the signed-in user: every entity with its sync status, the
/// outbox and the queued captures. Saved as one document.
public struct LocalSnapshot: OfflineDocument, Equatable {
    public var ideas: [GiftIdeaID: LocalRecord<GiftIdea>] = [:]
    public var contacts: [ContactID: LocalRecord<Contact>] = [:]
    public var occasions: [OccasionID: LocalRecord<Occasion>] = [:]
    public var reminders: [ReminderID: LocalRecord<Reminder>] = [:]
    public var captures: [PendingCapture] = []
    public var outbox = OutboxQueue()
    public var notices: [SyncNotice] = []
    public var lastSyncedAt: Date?
    /// Temporary ids of entities created on this device → the ids the server gave them, so a screen
    /// (or a CLI's short id) still holding the temporary one finds the entity.
    public var renamed: [UUID: UUID] = [:]

    public init() {}

    enum CodingKeys: String, CodingKey { case ideas, contacts, occasions, reminders, captures, outbox, notices, lastSyncedAt, renamed }

    /// Missing parts read as empty, so a snapshot written by an older SDK still loads; so do the
    /// changes its outbox held in the old shape (``SavedOutboxEntry``).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        ideas = try c.decodeIfPresent([GiftIdeaID: LocalRecord<GiftIdea>].self, forKey: .ideas) ?? [:]
        contacts = try c.decodeIfPresent([ContactID: LocalRecord<Contact>].self, forKey: .contacts) ?? [:]
        occasions = try c.decodeIfPresent([OccasionID: LocalRecord<Occasion>].self, forKey: .occasions) ?? [:]
        reminders = try c.decodeIfPresent([ReminderID: LocalRecord<Reminder>].self, forKey: .reminders) ?? [:]
        captures = try c.decodeIfPresent([PendingCapture].self, forKey: .captures) ?? []
        // Entries the SDK queued before its outbox moved to ClientCore are read in their own shape.
        outbox = SavedOutboxEntry.queue(try c.decodeIfPresent([SavedOutboxEntry].self, forKey: .outbox) ?? [], occasions: occasions)
        notices = try c.decodeIfPresent([SyncNotice].self, forKey: .notices) ?? []
        lastSyncedAt = try c.decodeIfPresent(Date.self, forKey: .lastSyncedAt)
        renamed = try c.decodeIfPresent([UUID: UUID].self, forKey: .renamed) ?? [:]
    }
}

import Foundation
import PlatformAPI

/// The device's copy of the user's VibeKeeper data and the outbox that keeps it in step with the
/// server (docs/vibekeeper.md, "Offline first").
///
/// Every change goes the same way: it is applied to the local copy at once (the entity turns
/// ``SyncStatus/pending``), queued, and the outbox is replayed in order. Without a network the
/// change simply waits; ``sync()`` replays it later. Creates and captures carry their operation's
/// id as `Idempotency-Key`, so a replay after a lost answer never creates twice; updates and
/// deletes carry the `updated_at` they were made against, so a change made elsewhere meanwhile is a
/// 412 — the entity turns ``SyncStatus/conflict`` with both versions kept until the user picks
/// one (``resolveConflict(idea:keepingMine:)``). Captures made offline are kept with their words
/// and file and sent when the server is back. The machinery — queuing, replay, handing refusals
/// back, pulls that keep what changed meanwhile, saving — is ClientCore's ``OutboxEngine``; this
/// actor holds VibeKeeper's entities and captures.
public actor SyncManager {
    public nonisolated let api: VibeKeeperAPIClient
    /// The four entity kinds by name, for settling replayed operations.
    private let kinds: [OutboxOperation.Entity: any LocalKind]
    let store: any LocalStore
    let now: @Sendable () -> Date
    /// Sends queued changes to the routes the four entity kinds declare (``SyncedKind``) and keeps the snapshot.
    let engine: OutboxEngine<LocalSnapshot>
    /// Answers of captures replayed from the outbox, by operation id: `capture` takes its own, and
    /// ``takeReplayedCaptures()`` hands the rest (captures queued earlier) to whoever shows them.
    private var captureResults: [UUID: CaptureResult] = [:]

    public init(api: VibeKeeperAPIClient, store: any LocalStore = InMemoryLocalStore(), now: @escaping @Sendable () -> Date = { Date() }) {
        self.api = api
        let kinds: [any LocalKind] = [SyncedKind.giftIdea, SyncedKind.contact, SyncedKind.occasion, SyncedKind.reminder]
        self.kinds = Dictionary(uniqueKeysWithValues: kinds.map { ($0.outboxKind.entity, $0) })
        self.store = store
        self.now = now
        engine = OutboxEngine(sender: OutboxSender(client: api.client, kinds: OutboxKinds(kinds.map(\.outboxKind))), now: now, load: store.load, save: store.save)
    }

    /// The device's copy (the engine's document).
    var snapshot: LocalSnapshot {
        get { engine.document }
        _modify { yield &engine.document }
    }
    var sender: OutboxSender { engine.sender }
    /// Why the last replay stopped early (offline, signed out…), if it did.
    public var lastInterruption: ClientError? { engine.lastInterruption }
    /// Why saving the device's copy fails, while it does (the user is told once by a notice).
    public var saveFailure: String? { engine.saveFailure }
    /// Refusals held for callers still waiting for them.
    var heldRefusals: Int { engine.heldRefusals }

    // MARK: Reading the local copy

    public var current: LocalSnapshot { snapshot }

    /// Accepted ideas matching `filter` (applied on the device), newest first.
    public func ideas(_ filter: GiftIdeaFilter = GiftIdeaFilter()) -> [LocalRecord<GiftIdea>] {
        snapshot.ideas.values.filter { !$0.value.needsReview && Self.matches($0.value, filter) }.sorted { $0.value.createdAt > $1.value.createdAt }
    }

    /// Captures waiting for review, oldest first.
    public func reviewItems() -> [LocalRecord<GiftIdea>] {
        snapshot.ideas.values.filter(\.value.needsReview).sorted { $0.value.createdAt < $1.value.createdAt }
    }

    public func idea(_ id: GiftIdeaID) -> LocalRecord<GiftIdea>? { snapshot.ideas[current(id)] }
    public func contacts() -> [LocalRecord<Contact>] { snapshot.contacts.values.sorted { $0.value.name.lowercased() < $1.value.name.lowercased() } }
    public func contact(_ id: ContactID) -> LocalRecord<Contact>? { snapshot.contacts[current(id)] }
    public func occasions(of contact: ContactID) -> [LocalRecord<Occasion>] {
        let contact = current(contact)
        return snapshot.occasions.values.filter { $0.value.contactId == contact }.sorted { $0.value.date < $1.value.date }
    }
    public func reminders(status: ReminderStatus? = nil) -> [LocalRecord<Reminder>] {
        snapshot.reminders.values.filter { status == nil || $0.value.status == status }.sorted { $0.value.scheduledFor < $1.value.scheduledFor }
    }
    public func reminders(for idea: GiftIdeaID) -> [LocalRecord<Reminder>] {
        let idea = current(idea)
        return reminders().filter { $0.value.giftIdeaId == idea }
    }

    /// The id an entity goes by now: the server's, for one created on this device under a temporary id.
    public func current<Entity>(_ id: TypedID<Entity>) -> TypedID<Entity> {
        TypedID(engine.currentID(id.uuid))
    }
    /// Captures not yet on the server (queued offline, or refused and kept for the user).
    public var pendingCaptures: [PendingCapture] { snapshot.captures }
    public var outbox: [OutboxOperation] { snapshot.outbox.operations }
    public var notices: [SyncNotice] { snapshot.notices }

    public func dismissNotice(_ id: UUID) { engine.dismissNotice(id) }

    /// The ideas and contacts whose words contain every word of `text` (case- and accent-blind):
    /// search while offline.
    public func searchLocally(_ text: String) -> [SearchHit] {
        let words = Self.fold(text).split(separator: " ").map(String.init)
        guard !words.isEmpty else { return [] }
        func hit(_ haystack: String) -> Bool {
            let folded = Self.fold(haystack)
            return words.allSatisfy { folded.contains($0) }
        }
        let ideas = snapshot.ideas.values.map(\.value).filter {
            hit([$0.idea, $0.occasion ?? "", $0.notes ?? "", $0.recipientName ?? "", $0.tags.joined(separator: " ")].joined(separator: " "))
        }
        let contacts = snapshot.contacts.values.map(\.value).filter { hit(([$0.name, $0.relationship ?? "", $0.notes ?? ""] + $0.aliases).joined(separator: " ")) }
        return ideas.sorted { $0.createdAt > $1.createdAt }.map { SearchHit(score: 1, giftIdea: $0) } + contacts.map { SearchHit(score: 1, contact: $0) }
    }

    // MARK: Capture

    /// What became of a capture: on the server now, or kept on the device until it can be sent.
    public enum CaptureOutcome: Sendable, Equatable {
        case captured(CaptureResult)
        case queued(PendingCapture)
    }

    /// Sends a capture (``PendingCapture`` with its file in `file`), or keeps it when the server
    /// cannot be reached. Errors the server gives (a refused file, a too-long text) are thrown and
    /// nothing is kept — the user is still looking at what they captured.
    public func capture(_ capture: PendingCapture, file: Data?, progress: (@Sendable (Double) -> Void)? = nil) async throws -> CaptureOutcome {
        var capture = capture
        if let file {
            let name = "capture-\(capture.id.uuidString.lowercased())"
            try store.saveBlob(file, named: name)
            capture.blob = name
        }
        snapshot.captures.append(capture)
        let operation = OutboxOperation(id: capture.id, kind: .capture, entity: .giftIdea, target: nil, queuedAt: now())
        snapshot.outbox.append(operation)
        persist()
        do {
            try await engine.replay(throwingRefusalOf: operation.id) { await replay(progress: [operation.id: progress].compactMapValues { $0 }) }
        } catch {
            // Refused now, in front of the user: give the error back instead of keeping it.
            discardCapture(capture.id)
            throw error
        }
        if let result = captureResults.removeValue(forKey: operation.id) { return .captured(result) }
        if let kept = snapshot.captures.first(where: { $0.id == capture.id }) { return .queued(kept) }
        throw ClientError.server(status: 0, code: nil, message: "The capture was not sent.")
    }

    /// The ideas that captures queued earlier became when a replay sent them (each handed out once).
    public func takeReplayedCaptures() -> [CaptureResult] {
        defer { captureResults = [:] }
        return Array(captureResults.values)
    }

    /// Forgets a capture that has not reached the server (and its file).
    public func discardCapture(_ id: UUID) {
        if let blob = snapshot.captures.first(where: { $0.id == id })?.blob { try? store.removeBlob(named: blob) }
        snapshot.captures.removeAll { $0.id == id }
        snapshot.outbox.remove(id)
        persist()
    }

    /// Sends a refused capture again (after the user fixed its words).
    public func retryCapture(_ id: UUID, text: String? = nil) async {
        guard let index = snapshot.captures.firstIndex(where: { $0.id == id }) else { return }
        if let text { snapshot.captures[index].text = text }
        snapshot.captures[index].failure = nil
        // A new key: the refused attempt stored nothing on the server.
        let fresh = UUID()
        snapshot.captures[index].id = fresh
        snapshot.outbox.remove(id)
        snapshot.outbox.append(OutboxOperation(id: fresh, kind: .capture, entity: .giftIdea, target: nil, queuedAt: now()))
        persist()
        await replay()
    }

    // MARK: Changes

    /// Creates a gift idea (typed in, not captured); shown at once, sent now or later.
    @discardableResult
    public func createIdea(_ new: NewGiftIdea) async throws -> LocalRecord<GiftIdea> {
        var new = new
        new.recipientId = new.recipientId.map { current($0) }
        let id = GiftIdeaID()
        let at = now()
        let recipientName = new.recipientId.flatMap { snapshot.contacts[$0]?.value.name }
        let local = GiftIdea(
            id: id, recipientId: new.recipientId, recipientName: recipientName, idea: new.idea, occasion: new.occasion, date: new.date, tags: new.tags,
            budgetAmount: new.budgetAmount, budgetCurrency: new.budgetCurrency, budgetRangeMin: new.budgetRangeMin, budgetRangeMax: new.budgetRangeMax, status: new.status,
            notes: new.notes, createdAt: at, updatedAt: at)
        return try await create(.giftIdea, id, local, body: new)
    }

    /// Changes an idea (only the fields in `changes`).
    @discardableResult
    public func updateIdea(_ id: GiftIdeaID, _ changes: GiftIdeaChanges) async throws -> LocalRecord<GiftIdea> {
        let recipientName = changes.recipientId.newValue.map { snapshot.contacts[$0]?.value.name }
        return try await update(.giftIdea, id, changes, missing: "This gift idea is not on this device.") { idea in
            if let recipientName { idea.recipientName = recipientName }
        }
    }

    public func deleteIdea(_ id: GiftIdeaID) async {
        let id = current(id)
        guard snapshot.ideas[id] != nil else { return }
        snapshot.reminders = snapshot.reminders.filter { $0.value.value.giftIdeaId != id }
        await delete(.giftIdea, id)
    }

    /// Accepts a capture waiting for review, with the user's corrections.
    @discardableResult
    public func acceptReview(_ id: GiftIdeaID, edits: GiftIdeaChanges = GiftIdeaChanges()) async throws -> LocalRecord<GiftIdea> {
        let id = current(id)
        guard var record = snapshot.ideas[id] else { throw ClientError.notFound("This capture is not on this device.") }
        record.value = edits.applied(to: record.value)
        record.value.needsReview = false
        record.syncStatus = .pending
        let operation = try engine.enqueue(.acceptReview, .giftIdea, target: id.uuid, body: edits.isEmpty ? nil : edits) { $0.ideas[id] = record }
        try await replay(throwingRefusalOf: operation)
        return try engine.settled(id, in: snapshot.ideas)
    }

    public func discardReview(_ id: GiftIdeaID) async {
        let id = current(id)
        guard snapshot.ideas.removeValue(forKey: id) != nil else { return }
        _ = try? engine.enqueue(.discardReview, .giftIdea, target: id.uuid, body: NoBody?.none)
        await replay()
    }

    @discardableResult
    public func createContact(_ new: NewContact) async throws -> LocalRecord<Contact> {
        let id = ContactID()
        let at = now()
        let local = Contact(
            id: id, name: new.name, relationship: new.relationship, preferences: new.preferences, notes: new.notes,
            aliases: VibeKeeperRules.normalizedAliases(new.aliases, name: new.name), createdAt: at, updatedAt: at)
        return try await create(.contact, id, local, body: new)
    }

    @discardableResult
    public func updateContact(_ id: ContactID, _ changes: ContactChanges) async throws -> LocalRecord<Contact> {
        try await update(.contact, id, changes, missing: "This contact is not on this device.")
    }

    public func deleteContact(_ id: ContactID) async {
        let id = current(id)
        guard snapshot.contacts[id] != nil else { return }
        snapshot.occasions = snapshot.occasions.filter { $0.value.value.contactId != id }
        for (ideaID, idea) in snapshot.ideas where idea.value.recipientId == id {
            snapshot.ideas[ideaID]?.value.recipientId = nil
            snapshot.ideas[ideaID]?.value.recipientName = nil
        }
        await delete(.contact, id)
    }

    @discardableResult
    public func addOccasion(_ new: NewOccasion, to contact: ContactID) async throws -> LocalRecord<Occasion> {
        let contact = current(contact)
        guard snapshot.contacts[contact] != nil else { throw ClientError.notFound("This contact is not on this device.") }
        let id = OccasionID()
        let at = now()
        let local = Occasion(id: id, contactId: contact, name: new.name, date: new.date, recurring: new.recurring, createdAt: at, updatedAt: at)
        return try await create(.occasion, id, local, body: new)
    }

    @discardableResult
    public func updateOccasion(_ id: OccasionID, _ changes: OccasionChanges) async throws -> LocalRecord<Occasion> {
        try await update(.occasion, id, changes, missing: "This occasion is not on this device.")
    }

    public func deleteOccasion(_ id: OccasionID) async {
        await delete(.occasion, current(id))
    }

    @discardableResult
    public func createReminder(_ new: NewReminder) async throws -> LocalRecord<Reminder> {
        var new = new
        new.giftIdeaId = current(new.giftIdeaId)
        let id = ReminderID()
        let at = now()
        let message = new.message ?? snapshot.ideas[new.giftIdeaId].map { "Gift idea: \($0.value.idea)" } ?? "Gift reminder"
        let local = Reminder(
            id: id, giftIdeaId: new.giftIdeaId, scheduledFor: new.scheduledFor, message: message, channel: new.channel, automatic: false, createdAt: at, updatedAt: at)
        return try await create(.reminder, id, local, body: new)
    }

    @discardableResult
    public func updateReminder(_ id: ReminderID, _ changes: ReminderChanges) async throws -> LocalRecord<Reminder> {
        try await update(.reminder, id, changes, missing: "This reminder is not on this device.")
    }

    public func deleteReminder(_ id: ReminderID) async {
        await delete(.reminder, current(id))
    }

    // MARK: Conflicts

    /// Settles a conflicted idea: keep the server's version, or send the user's over it.
    public func resolveConflict(idea id: GiftIdeaID, keepingMine: Bool) async { await resolve(.giftIdea, id, keepingMine: keepingMine) }
    /// Settles a conflicted contact the same way.
    public func resolveConflict(contact id: ContactID, keepingMine: Bool) async { await resolve(.contact, id, keepingMine: keepingMine) }
    /// Settles a conflicted occasion the same way.
    public func resolveConflict(occasion id: OccasionID, keepingMine: Bool) async { await resolve(.occasion, id, keepingMine: keepingMine) }
    /// Settles a conflicted reminder the same way.
    public func resolveConflict(reminder id: ReminderID, keepingMine: Bool) async { await resolve(.reminder, id, keepingMine: keepingMine) }

    // MARK: Changes of any kind

    /// A new entity, shown at once (pending, under a temporary id) and queued.
    private func create<Entity, Value, Changes>(
        _ kind: SyncedKind<Entity, Value, Changes>, _ id: TypedID<Entity>, _ local: Value, body: some Encodable
    ) async throws -> LocalRecord<Value> {
        let operation = try engine.enqueue(.create, kind.outbox.entity, target: id.uuid, scope: kind.scope(local), body: body) {
            $0[keyPath: kind.records][id] = LocalRecord(value: local, syncStatus: .pending, isLocalOnly: true)
        }
        try await replay(throwingRefusalOf: operation)
        return try engine.settled(id, in: snapshot[keyPath: kind.records])
    }

    /// A partial update, applied here at once and queued against the version it was made on.
    private func update<Entity, Value, Changes>(
        _ kind: SyncedKind<Entity, Value, Changes>, _ id: TypedID<Entity>, _ changes: Changes, missing: String, adjust: (inout Value) -> Void = { _ in }
    ) async throws -> LocalRecord<Value> {
        let id = current(id)
        guard var record = snapshot[keyPath: kind.records][id] else { throw ClientError.notFound(missing) }
        guard !kind.outbox.isEmpty(changes) else { return record }
        let base = pendingBase(record, kind)
        record.value = kind.outbox.apply(changes, record.value)
        adjust(&record.value)
        record.syncStatus = record.syncStatus == .conflict ? .conflict : .pending
        let operation = try engine.enqueue(.update, kind.outbox.entity, target: id.uuid, scope: kind.scope(record.value), body: changes, base: base) {
            $0[keyPath: kind.records][id] = record
        }
        try await replay(throwingRefusalOf: operation)
        return try engine.settled(id, in: snapshot[keyPath: kind.records])
    }

    /// Removes the entity here and queues its delete (or forgets it, if it never reached the server).
    private func delete<Entity, Value, Changes>(_ kind: SyncedKind<Entity, Value, Changes>, _ id: TypedID<Entity>) async {
        guard let record = snapshot[keyPath: kind.records].removeValue(forKey: id) else { return }
        if record.isLocalOnly {
            engine.forgetDeviceOnly(kind.outbox.entity, id.uuid, scope: kind.scope(record.value))
            return
        }
        _ = try? engine.enqueue(.delete, kind.outbox.entity, target: id.uuid, scope: kind.scope(record.value), body: NoBody?.none, base: pendingBase(record, kind))
        await replay()
    }

    /// Settles a conflict: the server's version, or the user's sent over it (only the fields that differ).
    private func resolve<Entity, Value, Changes>(_ kind: SyncedKind<Entity, Value, Changes>, _ id: TypedID<Entity>, keepingMine: Bool) async {
        let id = current(id)
        guard let record = snapshot[keyPath: kind.records][id], record.syncStatus == .conflict, let server = record.serverValue else { return }
        guard keepingMine else {
            snapshot[keyPath: kind.records][id] = LocalRecord(value: server)
            persist()
            return
        }
        let changes = kind.outbox.changes(server, record.value)
        let same = kind.outbox.isEmpty(changes)
        snapshot[keyPath: kind.records][id] = LocalRecord(value: record.value, syncStatus: same ? .synced : .pending)
        if !same {
            _ = try? engine.enqueue(.update, kind.outbox.entity, target: id.uuid, scope: kind.scope(record.value), body: changes, base: kind.outbox.version(server))
        }
        persist()
        await replay()
    }

    // MARK: Sync

    /// Replays the outbox, then — when it emptied — reloads everything from the server. Throws
    /// when the server cannot be reached or refuses the session (nothing queued is lost).
    public func sync() async throws {
        await replay()
        if let interruption = lastInterruption { throw interruption }
        try await pull()
    }

    /// Reloads every entity from the server, keeping the ones with changes not yet confirmed, or
    /// settled while the lists were being fetched (the lists may predate them).
    public func pull() async throws {
        try await engine.pull(
            fetch: {
                let ideas = try await api.allGiftIdeas()
                let review = try await GiftIdeaPage.all { try await api.reviewQueue(limit: VibeKeeperRules.maxPageSize, cursor: $0) }
                let contacts = try await api.contacts()
                var occasions: [Occasion] = []
                for contact in contacts { occasions += try await api.send(VibeKeeperRoutes.occasions, contact.id) }
                return (ideas + review, contacts, occasions, try await api.send(VibeKeeperRoutes.reminders, query: ReminderFilter()))
            },
            merge: { fetched, touched, snapshot in
                snapshot.ideas = Self.merge(snapshot.ideas, server: fetched.0, touched: touched)
                snapshot.contacts = Self.merge(snapshot.contacts, server: fetched.1, touched: touched)
                snapshot.occasions = Self.merge(snapshot.occasions, server: fetched.2, touched: touched)
                snapshot.reminders = Self.merge(snapshot.reminders, server: fetched.3, touched: touched)
                snapshot.lastSyncedAt = now()
            })
    }

    /// Server entities replace synced local ones; local ones with unconfirmed changes (or in
    /// conflict) stay as they are; synced local ones the server no longer has go (``PulledRecords/merge(_:server:id:touched:)``).
    static func merge<Entity, Value: Identifiable & Codable & Sendable & Equatable>(
        _ local: [TypedID<Entity>: LocalRecord<Value>], server: [Value], touched: Set<UUID>
    ) -> [TypedID<Entity>: LocalRecord<Value>] where Value.ID == TypedID<Entity> {
        PulledRecords.merge(local, server: server, id: \.id, touched: touched)
    }

    /// Replays the outbox in order, one replay at a time. Stops (keeping the rest) when the server
    /// cannot be reached, is failing, or refuses the session.
    func replay(progress: [UUID: @Sendable (Double) -> Void] = [:]) async {
        await engine.replay(
            other: { operation in
                // Captures: uploads with their file, sent by the SDK's capture calls.
                try await sendCapture(operation, progress: progress[operation.id])
                return HTTPResponseData(status: 200)
            },
            settle: { operation, outcome in await settle(operation, outcome) })
    }

    /// Records what became of a replayed operation (the engine then takes it off the outbox).
    private func settle(_ operation: OutboxOperation, _ outcome: OutboxOutcome) async {
        switch outcome {
        case .applied(let response):
            do { try apply(response, of: operation) } catch let error as ClientError { await refused(operation, error) } catch {
                await refused(operation, .decoding("\(error)"))
            }
        case .alreadyGone, .interrupted:
            // Gone already: what the user wanted. (An interruption is never settled.)
            break
        case .conflict(let conflict):
            conflicted(conflict)
        case .refused(let error):
            await refused(operation, error)
        }
    }

    /// Errors after which the same request may succeed later: keep it queued.
    static func isInterruption(_ error: ClientError) -> Bool { OutboxOutcome.isInterruption(error) }

    private func sendCapture(_ operation: PendingOperation, progress: (@Sendable (Double) -> Void)?) async throws {
        guard let capture = snapshot.captures.first(where: { $0.id == operation.id }) else { return }
        let key = operation.id.uuidString.lowercased()
        let file = try capture.blob.flatMap { try store.loadBlob(named: $0) }
        let result: CaptureResult
        switch capture.contentType {
        case .text:
            result = try await api.send(VibeKeeperRoutes.captureText, body: TextCapture(textContent: capture.text ?? ""), headers: [PreconditionHeaders.idempotencyKey: key])
        case .voice:
            let upload = UploadFile(data: file ?? Data(), filename: capture.filename ?? "voice_capture.m4a", mimeType: capture.mimeType ?? "audio/m4a")
            result = try await api.captureVoice(upload, transcript: capture.text, idempotencyKey: key, progress: progress)
        case .image:
            let upload = UploadFile(data: file ?? Data(), filename: capture.filename ?? "capture.jpg", mimeType: capture.mimeType ?? "image/jpeg")
            result = try await api.captureImage(upload, caption: capture.text, idempotencyKey: key, progress: progress)
        }
        for idea in [result.idea] + result.additionalIdeas {
            snapshot.ideas[idea.id] = LocalRecord(value: idea)
            engine.changed(idea.id.uuid)
        }
        if let blob = capture.blob { try? store.removeBlob(named: blob) }
        snapshot.captures.removeAll { $0.id == operation.id }
        captureResults[operation.id] = result
    }

    /// Stores the server's answer to a replayed change and, for creates, swaps the temporary id for
    /// the server's everywhere (later queued changes and the entities that point at it).
    private func apply(_ response: HTTPResponseData, of operation: PendingOperation) throws {
        guard operation.kind != .capture, let kind = kinds[operation.entity] else { return }
        guard operation.kind != .delete, operation.kind != .discardReview else {
            // Gone on the server: gone here too (a delete queued behind its create finds the
            // server's copy the create brought back).
            if operation.kind == .delete, let target = operation.target { kind.remove(target, from: &snapshot) }
            return
        }
        let id = try kind.store(response.body, replacing: operation.target, after: operation, in: &snapshot)
        remap(operation.target, to: id)
    }

    /// A temporary id becomes the server's: in queued operations (their targets, paths and declared
    /// id fields), and in entities pointing at it.
    private func remap(_ old: UUID?, to new: UUID) {
        engine.rename(old, to: new)
        guard let old, old != new else { return }
        let contact = ContactID(old)
        for (id, idea) in snapshot.ideas where idea.value.recipientId == contact { snapshot.ideas[id]?.value.recipientId = ContactID(new) }
        for (id, occasion) in snapshot.occasions where occasion.value.contactId == contact { snapshot.occasions[id]?.value.contactId = ContactID(new) }
        let idea = GiftIdeaID(old)
        for (id, reminder) in snapshot.reminders where reminder.value.giftIdeaId == idea { snapshot.reminders[id]?.value.giftIdeaId = GiftIdeaID(new) }
    }

    /// A 412: the entity changed on the server since the change was made. When the server already
    /// holds what the user wanted (a replay of a change whose answer was lost), that is success;
    /// otherwise the user's version and the server's are both kept as a conflict — or, for a
    /// delete, the server's version comes back and the user is told.
    private func conflicted(_ conflict: OutboxConflict) {
        let operation = conflict.operation
        guard let target = operation.target, let kind = kinds[operation.entity] else { return }
        guard (try? kind.settle(conflict, in: &snapshot)) == true else {
            kind.remove(target, from: &snapshot)
            notify("A change could not be saved: it was deleted on another device.")
            return
        }
        if operation.kind == .delete {
            notify("Not deleted: it was changed on another device meanwhile. Delete it again if you still want to.")
        }
        // Later queued changes to the same entity were made against the stale version too.
        snapshot.outbox.removeAll { $0.id != operation.id && $0.target == target && $0.kind == .update }
    }

    /// The server refused a change for good (422, 404…): undo it here and say why; a refused capture
    /// is kept with its words for the user to fix or discard.
    private func refused(_ operation: PendingOperation, _ error: ClientError) async {
        let kind = kinds[operation.entity]
        switch operation.kind {
        case .capture:
            if let index = snapshot.captures.firstIndex(where: { $0.id == operation.id }) { snapshot.captures[index].failure = error.description }
            engine.refused(operation, error, telling: "A capture was refused and kept for you to fix: \(error.description)")
            return
        case .create:
            if let target = operation.target {
                kind?.remove(target, from: &snapshot)
                snapshot.outbox.forget(target, kinds: sender.kinds)
            }
        default:
            if case .notFound = error, let target = operation.target {
                kind?.remove(target, from: &snapshot)
            } else if let target = operation.target, let data = try? await sender.current(operation.entity, target, scope: operation.scope) {
                // The server's version back.
                try? kind?.restore(data, in: &snapshot)
            }
        }
        engine.refused(operation, error, telling: "A change was not saved: \(error.description)")
    }

    // MARK: Plumbing

    /// Replays the outbox for a change the user just made, and throws the server's refusal of it
    /// (the change was already undone here) instead of leaving it as a notice.
    private func replay(throwingRefusalOf operation: UUID) async throws {
        try await engine.replay(throwingRefusalOf: operation) { await replay() }
    }

    /// The version a change is made against (``OutboxEngine/base(_:version:isLocalOnly:)``).
    private func pendingBase<Entity, Value, Changes>(_ record: LocalRecord<Value>, _ kind: SyncedKind<Entity, Value, Changes>) -> Date? {
        engine.base(kind.outbox.id(record.value), version: kind.outbox.version(record.value), isLocalOnly: record.isLocalOnly)
    }

    @discardableResult
    private func notify(_ message: String) -> UUID { engine.notify(message) }

    private func persist() { engine.persist() }

    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
    }

    static func matches(_ idea: GiftIdea, _ filter: GiftIdeaFilter) -> Bool {
        if let recipient = filter.recipientId, idea.recipientId != recipient { return false }
        if let occasion = filter.occasion, fold(idea.occasion ?? "") != fold(occasion) { return false }
        if let status = filter.status, idea.status != status { return false }
        if let tag = filter.tag, !idea.tags.contains(tag.lowercased()) { return false }
        let price = idea.budgetAmount ?? idea.budgetRangeMax ?? idea.budgetRangeMin
        if let low = filter.minPrice, (price ?? -1) < low { return false }
        if let high = filter.maxPrice, (price ?? .infinity) > high { return false }
        if let query = filter.query {
            let text = fold([idea.idea, idea.notes ?? "", idea.recipientName ?? ""].joined(separator: " "))
            if !fold(query).split(separator: " ").allSatisfy({ text.contains($0) }) { return false }
        }
        return true
    }
}

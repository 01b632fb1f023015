import Foundation

/// The device's copy of the user's pantry and shopping trip and the outbox that keeps it in step
/// with the server, so a shopper in a store without signal loses nothing (issue 34, "offline where
/// it matters").
///
/// Every change is applied here at once and queued in ClientCore's outbox; the outbox is replayed
/// in order whenever a change is made or ``sync()`` runs, so without a network changes simply wait.
/// POSTs carry their operation's id as `Idempotency-Key` (a replay after a lost answer never adds
/// twice); a pantry item's `PUT` and `DELETE` carry the version they were made against as
/// `If-Match`. What the server answers is applied (the trip routes answer the whole trip). What it
/// refuses is surfaced, never dropped: a 412 keeps both versions of the item until the user picks
/// one (``resolveConflict(_:keepingMine:)``); an item deleted elsewhere goes with a notice; changes
/// to a trip closed on another device are kept in ``GrocerySessionConflict``. The machinery —
/// queuing, replay, handing refusals back, pulls that keep what changed meanwhile, saving — is
/// ClientCore's ``OutboxEngine``; this actor holds Zia's entities and actions.
public actor ZiaSync {
    public nonisolated let api: ZiaAPIClient
    let store: any ZiaLocalStore
    let now: @Sendable () -> Date
    let engine: OutboxEngine<ZiaLocalSnapshot>

    public init(api: ZiaAPIClient, store: any ZiaLocalStore = InMemoryZiaLocalStore(), now: @escaping @Sendable () -> Date = { Date() }) {
        self.api = api
        self.store = store
        self.now = now
        engine = OutboxEngine(sender: OutboxSender(client: api.client, kinds: ZiaOutboxKinds.all), now: now, load: store.load, save: store.save)
    }

    /// The device's copy (the engine's document).
    var snapshot: ZiaLocalSnapshot {
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

    public var current: ZiaLocalSnapshot { snapshot }
    public var outbox: [OutboxOperation] { snapshot.outbox.operations }
    public var notices: [SyncNotice] { snapshot.notices }

    /// The pantry by aisle (the contract's aisle order), then name.
    public func pantryItems() -> [LocalRecord<PantryItem>] {
        let order = Dictionary(uniqueKeysWithValues: GroceryAisle.allCases.enumerated().map { ($1, $0) })
        return snapshot.pantry.values.sorted {
            (order[$0.value.aisle] ?? 0, $0.value.name.lowercased(), $0.value.id.uuid.uuidString)
                < (order[$1.value.aisle] ?? 0, $1.value.name.lowercased(), $1.value.id.uuid.uuidString)
        }
    }

    public func pantryItem(_ id: PantryItemID) -> LocalRecord<PantryItem>? { snapshot.pantry[currentID(id)] }

    /// The id an item goes by now: the server's, for one added here under a temporary id.
    public func currentID(_ id: PantryItemID) -> PantryItemID { PantryItemID(engine.currentID(id.uuid)) }

    /// The trip as the shopper sees it: the server's last answer with the queued changes applied.
    public var session: GrocerySession? {
        guard var session = snapshot.session else { return nil }
        for operation in snapshot.outbox.operations where operation.entity == .grocerySession && operation.target == session.id.uuid {
            GroceryActions.apply(operation, to: &session)
        }
        return session
    }

    public func dismissNotice(_ id: UUID) { engine.dismissNotice(id) }

    // MARK: Pantry

    /// Adds an item: shown at once (pending, under a temporary id), sent now or later. Throws the
    /// contract's refusal (a 422 with its fields) before anything is kept, or the server's when it
    /// answered now; the item is gone again then.
    @discardableResult
    public func addPantryItem(_ input: PantryItemInput) async throws -> LocalRecord<PantryItem> {
        let id = PantryItemID()
        let at = now()
        // The aisle the server will guess, guessed the same way (the contract's table) while offline.
        let aisle = GroceryAisles.guess(input.name ?? "")
        let local = ZiaOutboxKinds.applied(input, to: PantryItem(id: id, name: "", quantity: nil, unit: nil, aisle: aisle, createdAt: at, updatedAt: at))
        let operation = try engine.enqueue(.create, .pantryItem, target: id.uuid, body: input, problems: PantryItemInput.check(input).problems) {
            $0.pantry[id] = LocalRecord(value: local, syncStatus: .pending, isLocalOnly: true)
        }
        try await replay(throwingRefusalOf: operation)
        return try engine.settled(id, in: snapshot.pantry)
    }

    /// Replaces an item, against the version the device holds. A refusal is thrown and the item
    /// restored to the server's version.
    @discardableResult
    public func updatePantryItem(_ id: PantryItemID, _ input: PantryItemInput) async throws -> LocalRecord<PantryItem> {
        let id = currentID(id)
        guard var record = snapshot.pantry[id] else { throw ClientError.notFound("This pantry item is not on this device.") }
        let base = pendingBase(record)
        record.value = ZiaOutboxKinds.applied(input, to: record.value)
        record.syncStatus = record.syncStatus == .conflict ? .conflict : .pending
        let operation = try engine.enqueue(.update, .pantryItem, target: id.uuid, body: input, base: base, problems: PantryItemInput.check(input).problems) {
            $0.pantry[id] = record
        }
        try await replay(throwingRefusalOf: operation)
        return try engine.settled(id, in: snapshot.pantry)
    }

    /// Removes an item here and queues its delete (or forgets it if it never reached the server).
    public func deletePantryItem(_ id: PantryItemID) async {
        let id = currentID(id)
        guard let record = snapshot.pantry.removeValue(forKey: id) else { return }
        if record.isLocalOnly {
            guard engine.forgetDeviceOnly(.pantryItem, id.uuid) else { return }
        } else {
            _ = try? engine.enqueue(.delete, .pantryItem, target: id.uuid, body: NoBody?.none, base: pendingBase(record))
        }
        await replay()
    }

    /// Settles a conflicted item: the server's version ("take theirs"), or the user's sent over it
    /// against the server's version ("keep mine").
    public func resolveConflict(_ id: PantryItemID, keepingMine: Bool) async {
        let id = currentID(id)
        guard let record = snapshot.pantry[id], record.syncStatus == .conflict, let server = record.serverValue else { return }
        guard keepingMine, !ZiaOutboxKinds.sameItem(server, record.value) else {
            snapshot.pantry[id] = LocalRecord(value: keepingMine ? record.value : server)
            persist()
            return
        }
        _ = try? engine.enqueue(.update, .pantryItem, target: id.uuid, body: ZiaOutboxKinds.input(record.value), base: server.updatedAt) {
            $0.pantry[id] = LocalRecord(value: record.value, syncStatus: .pending)
        }
        await replay()
    }

    // MARK: Shopping trip

    /// Starts a trip (from a saved meal plan or a list); needs the server, which builds the list.
    /// Sent under an `Idempotency-Key`, so a retry after a lost answer is not a second trip (a start
    /// abandons the trip in progress).
    ///
    /// The last trip goes first: its queued changes are sent (a new trip abandons the one in
    /// progress on the server, so they must land before), and a start is refused while they cannot
    /// be (offline) or while changes the server could not apply still wait for the user to see them
    /// (``dismissSessionConflict()``) — nothing of the last trip is dropped unseen.
    @discardableResult
    public func startSession(_ input: GrocerySessionStart.Input) async throws -> GrocerySession {
        guard snapshot.sessionConflict == nil else {
            throw ClientError.conflict(
                status: 409, code: "grocery_session_conflict_pending",
                message: "Changes to your last trip could not be applied; look at them before starting another trip.")
        }
        if snapshot.outbox.operations.contains(where: { $0.entity == .grocerySession }) {
            await replay()
            if snapshot.outbox.operations.contains(where: { $0.entity == .grocerySession }) {
                throw engine.lastInterruption ?? ClientError.offline("Your last trip's changes have not been sent yet.")
            }
            guard snapshot.sessionConflict == nil else {
                throw ClientError.conflict(
                    status: 409, code: "grocery_session_conflict_pending",
                    message: "Changes to your last trip could not be applied; look at them before starting another trip.")
            }
        }
        // The contract's rules: what the server would refuse is refused here, in its words.
        let checked = GrocerySessionStart.check(input)
        guard let body = checked.value else { throw ClientError.invalid(checked.problems) }
        let key = [PreconditionHeaders.idempotencyKey: UUID().uuidString.lowercased()]
        let session = try await api.send(ZiaRoutes.startGrocerySession, body: body, headers: key)
        snapshot.session = session
        snapshot.sessionConflict = nil
        snapshot.lastCompletion = nil
        engine.changed(session.id.uuid)
        persist()
        return session
    }

    /// Checks or unchecks an item of the trip in progress (works offline).
    public func check(_ item: UUID, checked: Bool = true) async throws {
        try await act(.checkItem, body: GroceryItemCheck(itemID: item, checked: checked), item: item)
    }

    /// Marks an item the store did not have (works offline).
    public func skip(_ item: UUID) async throws {
        try await act(.skipItem, body: GroceryItemSkip(itemID: item), item: item)
    }

    /// Completes the trip (works offline: the pantry is updated once the server took it).
    public func complete() async throws { try await act(.completeSession, body: NoBody?.none, item: nil) }

    public func abandon() async throws { try await act(.abandonSession, body: NoBody?.none, item: nil) }

    /// Forgets a trip closed elsewhere and its unsaved changes (the user has seen them).
    public func dismissSessionConflict() {
        if snapshot.session?.id == snapshot.sessionConflict?.sessionID { snapshot.session = nil }
        snapshot.sessionConflict = nil
        persist()
    }

    private func act(_ kind: OutboxOperation.Kind, body: (some Encodable)?, item: UUID?) async throws {
        guard let session, session.status == .inProgress else {
            throw ClientError.conflict(status: 409, code: "grocery_session_closed", message: "No shopping trip is in progress on this device.")
        }
        if let item, !session.items.contains(where: { $0.id == item }) { throw ClientError.notFound("This item is not on the shopping list.") }
        let operation = try engine.enqueue(kind, .grocerySession, target: session.id.uuid, body: body)
        try await replay(throwingRefusalOf: operation)
    }

    // MARK: Sync

    /// Replays the outbox, then — when it emptied — reloads the pantry and the trip in progress.
    /// Throws when the server cannot be reached (nothing queued is lost).
    public func sync() async throws {
        await replay()
        if let interruption = lastInterruption { throw interruption }
        try await pull()
    }

    /// Reloads the pantry (keeping items with changes not yet confirmed, or made while the lists
    /// were on their way) and the trip in progress (unless it changed here meanwhile).
    public func pull() async throws {
        try await engine.pull(
            fetch: { (try await api.send(ZiaRoutes.pantry).items, try await api.send(ZiaRoutes.activeGrocerySession).session) },
            merge: { fetched, touched, snapshot in
                snapshot.pantry = PulledRecords.merge(snapshot.pantry, server: fetched.0, id: \.id, touched: touched)
                // The trip shown, or the one fetched, changed here since the pull began (checked, completed, started).
                let tripChanged = [snapshot.session?.id, fetched.1?.id].contains { $0.map { touched.contains($0.uuid) } ?? false }
                let tripQueued = snapshot.outbox.operations.contains { $0.entity == .grocerySession }
                if !tripQueued, !tripChanged, snapshot.sessionConflict == nil { snapshot.session = fetched.1 }
            })
    }

    /// Replays the outbox in order, one replay at a time; stops (keeping the rest) when the server
    /// cannot be reached.
    func replay() async {
        await engine.replay(other: { _ in HTTPResponseData(status: 204) }, settle: { operation, outcome in await settle(operation, outcome) })
    }

    /// Applies what became of a replayed operation (the engine then takes it off the queue).
    private func settle(_ operation: OutboxOperation, _ outcome: OutboxOutcome) async {
        switch outcome {
        case .applied(let response):
            do { try apply(response, of: operation) } catch { await refused(operation, .decoding("\(error)")) }
        case .alreadyGone, .interrupted:
            break
        case .conflict(let conflict):
            conflicted(conflict)
        case .refused(let error):
            await refused(operation, error)
        }
    }

    /// Stores what the server answered: an item (swapping a temporary id for the server's), or the
    /// whole trip; a completed trip's added items go to the pantry.
    private func apply(_ response: HTTPResponseData, of operation: OutboxOperation) throws {
        let decoder = WireFormat.decoder()
        switch (operation.entity, operation.kind) {
        case (.pantryItem, .delete):
            if let target = operation.target { snapshot.pantry.removeValue(forKey: PantryItemID(target)) }
        case (.pantryItem, _):
            let item = try ZiaOutboxKinds.pantry.decode(response.body)
            if let old = operation.target { snapshot.pantry.removeValue(forKey: PantryItemID(old)) }
            store(item, after: operation)
            engine.rename(operation.target, to: item.id.uuid)
        case (.grocerySession, .completeSession):
            let completed = try decoder.decode(CompletedGrocerySession.self, from: response.body)
            snapshot.lastCompletion = completed
            if snapshot.session?.id == completed.session.id { snapshot.session = nil }
            for item in completed.itemsAdded where !snapshot.outbox.hasQueued(item.id.uuid) {
                snapshot.pantry[item.id] = LocalRecord(value: item)
                engine.changed(item.id.uuid)
            }
        case (.grocerySession, _):
            let session = try decoder.decode(GrocerySession.self, from: response.body)
            snapshot.session = session.status == .inProgress ? session : (snapshot.session?.id == session.id ? nil : snapshot.session)
        default:
            return
        }
    }

    /// The server's version of an item, pending while more changes to it wait in the outbox.
    private func store(_ item: PantryItem, after operation: OutboxOperation) {
        let more = snapshot.outbox.operations.contains { $0.id != operation.id && ($0.target == item.id.uuid || $0.target == operation.target) }
        snapshot.pantry[item.id] = LocalRecord(value: item, syncStatus: more ? .pending : .synced)
    }

    /// A 412: the item changed on the server since the change was made. Already holding the user's
    /// version is success; otherwise both versions are kept for the user to choose — or, for a
    /// delete, the server's version comes back with a notice.
    private func conflicted(_ conflict: OutboxConflict) {
        let operation = conflict.operation
        guard let target = operation.target else { return }
        let id = PantryItemID(target)
        guard let settled = try? ZiaOutboxKinds.pantry.settle(conflict, mine: snapshot.pantry[id]?.value) else {
            snapshot.pantry.removeValue(forKey: id)
            notify("A pantry change could not be saved: the item was deleted on another device.")
            return
        }
        snapshot.pantry[id] = settled.server.map { LocalRecord(value: settled.value, syncStatus: .conflict, serverValue: $0) } ?? LocalRecord(value: settled.value)
        if operation.kind == .delete { notify("\(settled.value.name) was not deleted: it was changed on another device. Delete it again if you still want to.") }
        // Later queued changes to the item were made against the stale version too.
        snapshot.outbox.removeAll { $0.id != operation.id && $0.target == target && $0.kind == .update }
    }

    /// The server refused a change for good: undo it here and say why. A trip closed elsewhere (409)
    /// or gone (404) keeps the changes that were not saved for the user.
    private func refused(_ operation: OutboxOperation, _ error: ClientError) async {
        guard let target = operation.target else { return }
        switch (operation.entity, operation.kind) {
        case (.grocerySession, _) where error.httpStatus == 409 || error.httpStatus == 404:
            let unsaved = snapshot.outbox.operations.filter { $0.entity == .grocerySession && $0.target == target }
            snapshot.outbox.removeAll { $0.entity == .grocerySession && $0.target == target && $0.id != operation.id }
            var conflict = snapshot.sessionConflict ?? GrocerySessionConflict(sessionID: GrocerySessionID(target), message: error.description, unsaved: [])
            conflict.unsaved += unsaved.filter { operation in !conflict.unsaved.contains { $0.id == operation.id } }
            snapshot.sessionConflict = conflict
        case (.pantryItem, .create):
            snapshot.pantry.removeValue(forKey: PantryItemID(target))
            snapshot.outbox.forget(target, kinds: sender.kinds)
        case (.pantryItem, _) where error.httpStatus == 404:
            snapshot.pantry.removeValue(forKey: PantryItemID(target))
            snapshot.outbox.forget(target, kinds: sender.kinds)
            engine.refused(operation, error, telling: "A pantry change could not be saved: the item was deleted on another device.")
            return
        case (.pantryItem, _):
            if let data = try? await sender.current(.pantryItem, target, scope: nil), let item = try? ZiaOutboxKinds.pantry.decode(data) {
                snapshot.pantry[item.id] = LocalRecord(value: item)
            }
        default:
            break
        }
        engine.refused(operation, error, telling: "A change was not saved: \(error.description)")
    }

    // MARK: Plumbing

    /// Replays the outbox for a change the user just made, and throws the server's refusal of it
    /// (already undone here) instead of leaving it as a notice.
    private func replay(throwingRefusalOf operation: UUID) async throws {
        try await engine.replay(throwingRefusalOf: operation) { await replay() }
    }

    /// The version a change to `record` is made against (``OutboxEngine/base(_:version:isLocalOnly:)``).
    private func pendingBase(_ record: LocalRecord<PantryItem>) -> Date? {
        engine.base(record.value.id.uuid, version: record.value.updatedAt, isLocalOnly: record.isLocalOnly)
    }

    @discardableResult
    private func notify(_ message: String) -> UUID { engine.notify(message) }

    private func persist() { engine.persist() }
}

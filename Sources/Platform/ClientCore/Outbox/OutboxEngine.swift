import Foundation
import PlatformAPI

/// The sync machinery every app's offline store shares, so each app's sync actor keeps only what
/// is its own (its entities, how a server's answer or refusal changes them, its actions): the
/// offline document and its saving (``OfflineDocument``), queuing a change only once its body
/// passed the contract's rules and could be written, replaying the outbox one replay at a time,
/// handing a refusal back to the caller who made the change, and pulls that keep what changed
/// while their lists were on the way.
///
/// Owned by one actor and used only on it: every async method runs on the caller's isolation.
public final class OutboxEngine<Document: OfflineDocument> {
    /// The device's copy, as the app's actor reads and changes it.
    public var document: Document
    public let sender: OutboxSender
    private var keeper: OfflineDocumentKeeper<Document>
    private let now: @Sendable () -> Date
    private var replaying = false
    private var waitingToReplay: [CheckedContinuation<Void, Never>] = []
    /// The operation a replay is sending right now.
    public private(set) var inFlight: UUID?
    /// Why the last replay stopped early (offline, signed out…), if it did.
    public private(set) var lastInterruption: ClientError?
    /// Operations whose maker waits for the replay's word on them (``replay(throwingRefusalOf:isolation:replay:)``).
    private var awaited: Set<UUID> = []
    /// Refusals of awaited operations, with the notice that tells of each, until the caller takes them.
    private var refusals: [UUID: (error: ClientError, notice: UUID)] = [:]
    /// For each pull under way: ids of entities a replay or action settled since it began.
    private var pulls: [UUID: Set<UUID>] = [:]

    /// Loads the document through `load` (a fresh one with a notice when the saved one cannot be
    /// read; see ``OfflineDocumentKeeper``) and saves it through `save`.
    public init(sender: OutboxSender, now: @escaping @Sendable () -> Date, load: () throws -> Document, save: @escaping (Document) throws -> Void) {
        self.sender = sender
        self.now = now
        var document = Document()
        keeper = OfflineDocumentKeeper(load: load, save: save, now: now, into: &document)
        self.document = document
    }

    /// Why saving the document fails, while it does (also told once as a notice).
    public var saveFailure: String? { keeper.saveFailure }
    /// Refusals held for callers still waiting for them (none once every caller took its own).
    public var heldRefusals: Int { refusals.count }

    /// Saves the document; a failure is a notice, not silence.
    public func persist() { keeper.persist(&document) }

    @discardableResult
    public func notify(_ message: String) -> UUID {
        let notice = SyncNotice(message: message, at: now())
        document.notices.append(notice)
        return notice.id
    }

    public func dismissNotice(_ id: UUID) {
        document.notices.removeAll { $0.id == id }
        persist()
    }

    // MARK: Queuing

    /// Queues a change the user made. `problems` (the contract's rules on `body`, as the server
    /// will apply them) are thrown as a 422-shaped ``ClientError/validation(message:fields:)``
    /// and a body that cannot be written as JSON is thrown too — both before anything changes, so
    /// a refused change leaves no trace. Then `change` shows it in the document, the operation is
    /// queued and the document saved. Returns the operation's id.
    @discardableResult
    public func enqueue<Body: Encodable>(
        _ kind: OutboxOperation.Kind, _ entity: OutboxOperation.Entity, target: UUID?, scope: UUID? = nil, body: Body?, base: Date? = nil,
        problems: [FieldError] = [], applying change: (inout Document) -> Void = { _ in }
    ) throws -> UUID {
        guard problems.isEmpty else { throw ClientError.invalid(problems) }
        let json: JSONValue?
        do { json = try body.map { try JSONValue(parsing: sender.client.encode($0)) } } catch {
            throw ClientError.validation(message: "This change cannot be sent: \(error)", fields: [])
        }
        change(&document)
        let operation = OutboxOperation(kind: kind, entity: entity, target: target, scope: scope, body: json, base: base, queuedAt: now())
        document.outbox.append(operation)
        persist()
        return operation.id
    }

    /// The version a change is made against (sent as `If-Match`): the server's last known
    /// `version` of entity `id`, unless it exists only here or already has changes queued (they
    /// carry the check).
    public func base(_ id: UUID, version: Date, isLocalOnly: Bool) -> Date? {
        isLocalOnly || document.outbox.hasQueued(id) ? nil : version
    }

    /// An entity that exists only here was removed: it goes with its queued changes (and those
    /// that need it) — unless its create is on its way right now; then its other changes go and a
    /// delete is queued behind the create (it follows the server's id). True when a delete was
    /// queued (to be replayed).
    @discardableResult
    public func forgetDeviceOnly(_ entity: OutboxOperation.Entity, _ target: UUID, scope: UUID? = nil) -> Bool {
        guard let flying = inFlight, document.outbox.operations.contains(where: { $0.id == flying && $0.target == target && $0.kind == .create }) else {
            document.outbox.forget(target, kinds: sender.kinds)
            persist()
            return false
        }
        document.outbox.removeAll { $0.target == target && $0.id != flying }
        _ = try? enqueue(.delete, entity, target: target, scope: scope, body: NoBody?.none)
        return true
    }

    /// The id an entity goes by now: the server's, for one created here under a temporary id.
    public func currentID(_ id: UUID) -> UUID { document.renamed[id] ?? id }

    /// The record of `id` in `records` after a replay: under the server's id if its create went through.
    public func settled<Entity, Value>(_ id: TypedID<Entity>, in records: [TypedID<Entity>: LocalRecord<Value>]) throws -> LocalRecord<Value> {
        if let record = records[id] ?? records[TypedID(currentID(id.uuid))] { return record }
        throw ClientError.notFound("No longer on this device.")
    }

    // MARK: Replaying

    /// Replays the outbox in order, one replay at a time (a second caller waits for the first,
    /// then replays what is left). `other` sends operations of kinds with no declared route (an
    /// app's uploads); `settle` applies what became of an operation to the document — the engine
    /// then takes it off the queue, notes it changed (for pulls under way) and saves.
    public func replay(
        isolation: isolated (any Actor)? = #isolation,
        other: (OutboxOperation) async throws -> HTTPResponseData,
        settle: (OutboxOperation, OutboxOutcome) async -> Void
    ) async {
        while replaying { await withCheckedContinuation(isolation: isolation) { waitingToReplay.append($0) } }
        replaying = true
        defer {
            replaying = false
            let waiting = waitingToReplay
            waitingToReplay = []
            for waiter in waiting { waiter.resume() }
        }
        lastInterruption = await sender.replay(
            next: {
                inFlight = document.outbox.first?.id
                return document.outbox.first
            },
            other: other,
            settle: { operation, outcome in
                await settle(operation, outcome)
                document.outbox.remove(operation.id)
                if let target = operation.target { changed(target) }
                persist()
            })
        inFlight = nil
        persist()
    }

    /// Runs `replay` for a change the user just made (`operation`) and throws the server's refusal
    /// of it — already undone by the app — instead of leaving it as a notice.
    public func replay(throwingRefusalOf operation: UUID, isolation: isolated (any Actor)? = #isolation, replay: () async -> Void) async throws {
        awaited.insert(operation)
        defer { awaited.remove(operation) }
        await replay()
        guard let refusal = refusals.removeValue(forKey: operation) else { return }
        document.notices.removeAll { $0.id == refusal.notice }
        persist()
        throw refusal.error
    }

    /// The server refused `operation` for good (the app undid it): the user is told with
    /// `message`, and the refusal is held for the caller waiting for it, if one is — only then,
    /// so refusals never pile up.
    public func refused(_ operation: OutboxOperation, _ error: ClientError, telling message: String) {
        let notice = notify(message)
        if awaited.contains(operation.id) { refusals[operation.id] = (error, notice) }
    }

    // MARK: Pulling

    /// Notes that entity `id` changed here (a replay settled it, an action stored the server's
    /// answer): pulls under way keep the device's version of it.
    public func changed(_ id: UUID) {
        for pull in pulls.keys { pulls[pull]?.insert(id) }
    }

    /// Reloads from the server: `fetch` reads the server's lists — while it waits, replays may
    /// settle changes the lists predate — then `merge` stores them, given the ids that keep the
    /// device's version: entities with changes still queued and those changed since the pull
    /// began. Saves the document.
    public func pull<Fetched>(
        isolation: isolated (any Actor)? = #isolation,
        fetch: () async throws -> Fetched,
        merge: (Fetched, _ touched: Set<UUID>, inout Document) -> Void
    ) async throws {
        let pull = UUID()
        pulls[pull] = []
        defer { pulls[pull] = nil }
        let fetched = try await fetch()
        let touched = Set(document.outbox.operations.compactMap(\.target)).union(pulls[pull] ?? [])
        merge(fetched, touched, &document)
        persist()
    }

    /// Entity `old` (a temporary id) is `new` on the server: remembered, swapped in queued
    /// operations, and noted as changed for pulls under way.
    public func rename(_ old: UUID?, to new: UUID) {
        changed(new)
        guard let old, old != new else { return }
        document.renamed[old] = new
        document.outbox.swap(old, for: new, kinds: sender.kinds)
    }
}

extension ClientError {
    /// The 422 the server would answer for `fields` (the same message), raised on the device.
    public static func invalid(_ fields: [FieldError]) -> ClientError {
        .validation(message: fields.count == 1 ? "\(fields[0].field): \(fields[0].message)" : "The request has \(fields.count) invalid fields.", fields: fields)
    }
}

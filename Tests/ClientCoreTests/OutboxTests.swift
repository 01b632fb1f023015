import ClientCore
import Foundation
import PlatformAPI
import Testing

/// The generic outbox on its own, against a small in-memory server of "things" and the "notes"
/// that point at them: ordered replay, the same `Idempotency-Key` on every attempt, a 412 as a
/// conflict with both versions, refusals, temporary ids swapped in declared fields, persistence.
@Suite("ClientCore outbox")
struct OutboxTests {
    @Test func operationsReplayInOrderAndWaitWhileOffline() async throws {
        let server = ThingServer()
        let host = OutboxHost(server)
        let thing = UUID()
        await host.enqueue(.create, .thing, target: thing, body: NewThing(name: "first"))
        await host.enqueue(.update, .thing, target: thing, body: ThingChanges(name: "second"))
        await host.enqueue(.create, .note, target: UUID(), body: NewNote(thingId: thing, text: "about it"))
        server.offline = true
        let interruption = await host.replay()
        guard case .offline? = interruption else { Issue.record("expected offline, got \(String(describing: interruption))"); return }
        #expect(await host.queue.operations.map(\.kind) == [.create, .update, .create], "nothing lost, nothing reordered")
        server.offline = false
        #expect(await host.replay() == nil)
        #expect(server.log.map(\.line) == ["POST /t/things", "PUT /t/things/\(server.thingIDs[0].uuidString.lowercased())", "POST /t/notes"])
        #expect(server.things.values.map(\.name) == ["second"])
        #expect(await host.queue.isEmpty)
    }

    @Test func aRetryAfterALostAnswerCarriesTheSameIdempotencyKey() async throws {
        let server = ThingServer()
        let host = OutboxHost(server)
        await host.enqueue(.create, .thing, target: UUID(), body: NewThing(name: "once"))
        server.loseNextAnswer = true
        #expect(await host.replay() != nil)
        #expect(await host.replay() == nil)
        let keys = server.log.filter { $0.line == "POST /t/things" }.map(\.key)
        #expect(keys.count == 2 && keys[0] != nil && keys[0] == keys[1])
        #expect(server.things.count == 1, "the server answered the repeat from its first answer")
    }

    @Test func aPreconditionFailureIsAConflictHoldingBothVersions() async throws {
        let server = ThingServer()
        let host = OutboxHost(server)
        let id = server.seed(Thing(id: UUID(), name: "theirs", updatedAt: Date(timeIntervalSince1970: 2_000)))
        await host.enqueue(.update, .thing, target: id, body: ThingChanges(name: "mine"), base: Date(timeIntervalSince1970: 1_000))
        #expect(await host.replay() == nil)
        guard case .conflict(let conflict)? = await host.outcomes.first else { Issue.record("expected a conflict"); return }
        #expect(conflict.operation.body?["name"] == .string("mine"), "the local change")
        let mine = Thing(id: id, name: "mine", updatedAt: Date(timeIntervalSince1970: 1_000))
        let settled = try #require(try ThingServer.thingKind.settle(conflict, mine: mine))
        #expect(settled.value.name == "mine")
        #expect(settled.server?.name == "theirs", "the server's current entity")
        #expect(server.things[id]?.name == "theirs", "not overwritten")
        #expect(server.log.first?.ifMatch == EntityTag(updatedAt: Date(timeIntervalSince1970: 1_000)).description)
    }

    @Test func aRefusalIsReportedAndTheQueueMovesOn() async throws {
        let server = ThingServer()
        let host = OutboxHost(server)
        let doomed = UUID()
        await host.enqueue(.create, .thing, target: doomed, body: NewThing(name: ""))
        await host.enqueue(.create, .note, target: UUID(), body: NewNote(thingId: doomed, text: "needs it"))
        await host.enqueue(.create, .thing, target: UUID(), body: NewThing(name: "fine"))
        #expect(await host.replay() == nil)
        guard case .refused(.validation)? = await host.outcomes.first else { Issue.record("expected a 422 refusal"); return }
        // Undone: the refused create and the note that needed it are gone; the next create went out.
        #expect(server.log.map(\.line) == ["POST /t/things", "POST /t/things"])
        #expect(server.things.values.map(\.name) == ["fine"])
        #expect(await host.queue.isEmpty)
    }

    @Test func aTemporaryIDIsSwappedInTheDeclaredFieldOfALaterOperationOnly() async throws {
        let server = ThingServer()
        let host = OutboxHost(server)
        let temporary = UUID()
        await host.enqueue(.create, .thing, target: temporary, body: NewThing(name: "parent"))
        // The note's words happen to hold the temporary id: only `thing_id` is an id field.
        await host.enqueue(.create, .note, target: UUID(), body: NewNote(thingId: temporary, text: temporary.uuidString.lowercased()))
        server.offline = true
        _ = await host.replay()
        server.offline = false
        #expect(await host.replay() == nil)
        let note = try #require(server.notes.first)
        #expect(note.thingId == server.thingIDs.first)
        #expect(note.thingId != temporary)
        #expect(note.text == temporary.uuidString.lowercased())
    }

    @Test func theQueueSurvivesARestartThroughItsStore() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("outbox-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = FileOutboxStore(fileURL: folder.appendingPathComponent("outbox.json"))
        let server = ThingServer()
        let first = OutboxHost(server, store: store)
        let thing = UUID()
        await first.enqueue(.create, .thing, target: thing, body: NewThing(name: "kept"))
        await first.enqueue(.create, .note, target: UUID(), body: NewNote(thingId: thing, text: "kept too"))
        let saved = await first.queue

        // The app restarts: the same operations (ids, so idempotency keys, and bodies) come back.
        let second = OutboxHost(server, store: store)
        let restored = await second.queue.operations
        #expect(restored.map(\.id) == saved.operations.map(\.id))
        #expect(restored.map(\.body) == saved.operations.map(\.body))
        #expect(restored.map(\.target) == saved.operations.map(\.target))
        #expect(await second.replay() == nil)
        #expect(server.notes.first?.thingId == server.thingIDs.first)
        #expect(try store.load().isEmpty)
    }

    @Test func jsonBodiesChangeOnlyTheNamedFields() throws {
        let old = UUID()
        let new = UUID()
        var body = try JSONValue(parsing: Data(#"{"a_id":"\#(old.uuidString)","ids":["\#(old)"],"other":"\#(old)","n":1.5,"b":true,"x":null}"#.utf8))
        body.replaceID(old, by: .string(new.uuidString.lowercased()), in: ["a_id", "ids"])
        #expect(body["a_id"] == .string(new.uuidString.lowercased()))
        #expect(body["ids"] == .array([.string(new.uuidString.lowercased())]))
        #expect(body["other"] == .string(old.uuidString))
        #expect(body["n"] == .number(1.5) && body["b"] == .bool(true) && body["x"] == .null)
        #expect(try body.data() == (try JSONValue(parsing: try body.data())).data(), "written the same way every time")
    }
}

// MARK: - The test app's contract

enum ThingEntity: NamedEntity {
    static var entityName: String { "Thing" }
    static var notFoundCode: String { "thing_not_found" }
}
typealias ThingID = TypedID<ThingEntity>

struct Thing: Codable, Sendable, Equatable {
    var id: UUID
    var name: String
    var updatedAt: Date
    enum CodingKeys: String, CodingKey { case id, name, updatedAt = "updated_at" }
}
struct NewThing: Codable, Sendable { var name: String }
struct ThingChanges: Codable, Sendable, Equatable { var name: String? }
struct Note: Codable, Sendable, Equatable {
    var id: UUID
    var thingId: UUID
    var text: String
    var updatedAt: Date
    enum CodingKeys: String, CodingKey { case id, text, thingId = "thing_id", updatedAt = "updated_at" }
}
struct NewNote: Codable, Sendable {
    var thingId: UUID
    var text: String
    enum CodingKeys: String, CodingKey { case text, thingId = "thing_id" }
}
struct NoteChanges: Codable, Sendable, Equatable { var text: String? }

enum TestRoutes {
    static let root = APIRoot.open(AppID("t"))
    static let createThing = Route<NoParameter, NewThing, Thing>(.post, root, "/things", status: 201)
    static let thing = Route<ThingID, NoBody, Thing>(.get, root, "/things/{id}")
    static let updateThing = Route<ThingID, ThingChanges, Thing>(.put, root, "/things/{id}")
    static let deleteThing = Route<ThingID, NoBody, NoContent>(.delete, root, "/things/{id}")
    static let createNote = Route<NoParameter, NewNote, Note>(.post, root, "/notes", status: 201)
    static let note = Route<ThingID, NoBody, Note>(.get, root, "/notes/{id}")
    static let updateNote = Route<ThingID, NoteChanges, Note>(.put, root, "/notes/{id}")
    static let deleteNote = Route<ThingID, NoBody, NoContent>(.delete, root, "/notes/{id}")
}

extension OutboxOperation.Entity {
    static let thing = Self("thing")
    static let note = Self("note")
}

// MARK: - A host: what an app's sync manager does around the outbox

actor OutboxHost {
    private(set) var queue: OutboxQueue
    private(set) var outcomes: [OutboxOutcome] = []
    let store: any OutboxStore
    let sender: OutboxSender

    init(_ server: ThingServer, store: any OutboxStore = InMemoryOutboxStore()) {
        self.store = store
        queue = (try? store.load()) ?? OutboxQueue()
        let client = APIClient(
            baseURL: URL(string: "http://things.test")!, routes: PlatformRoutes(app: AppID("t")), session: ClientSession(store: InMemoryTokenStore()),
            transport: server, retry: .none, bodyEncoder: { WireFormat.requestEncoder() })
        sender = OutboxSender(client: client, kinds: OutboxKinds([ThingServer.thingKind.erased, ThingServer.noteKind.erased]))
    }

    func enqueue(_ kind: OutboxOperation.Kind, _ entity: OutboxOperation.Entity, target: UUID?, body: some Encodable, base: Date? = nil) {
        let json = try! JSONValue(parsing: WireFormat.requestEncoder().encode(body))
        queue.append(OutboxOperation(kind: kind, entity: entity, target: target, body: json, base: base, queuedAt: Date()))
        try? store.save(queue)
    }

    func replay() async -> ClientError? {
        await sender.replay(
            next: { queue.first }, other: { _ in throw ClientError.notFound("no such route") },
            settle: { operation, outcome in
                outcomes.append(outcome)
                switch outcome {
                case .applied(let response) where operation.kind == .create:
                    if let old = operation.target, let new = try? sender.createdID(response, of: operation) { queue.swap(old, for: new, kinds: sender.kinds) }
                case .refused where operation.kind == .create:
                    if let target = operation.target { queue.forget(target, kinds: sender.kinds) }
                default: break
                }
                queue.remove(operation.id)
                try? store.save(queue)
            })
    }
}

// MARK: - The server

/// Things and notes in memory, with the platform's rules the outbox relies on: `Idempotency-Key`
/// answers a repeat from the first answer, `If-Match` guards updates (412), an empty name is a 422.
final class ThingServer: HTTPTransport, @unchecked Sendable {
    // @unchecked Sendable: every field is only touched while holding `lock`.
    private let lock = NSLock()
    private var _things: [UUID: Thing] = [:]
    private var _thingIDs: [UUID] = []
    private var _notes: [Note] = []
    private var _log: [(line: String, key: String?, ifMatch: String?)] = []
    private var _offline = false
    private var _loseNextAnswer = false
    private var answered: [String: HTTPResponseData] = [:]
    private var clock = Date(timeIntervalSince1970: 10_000)

    var things: [UUID: Thing] { lock.withLock { _things } }
    var thingIDs: [UUID] { lock.withLock { _thingIDs } }
    var notes: [Note] { lock.withLock { _notes } }
    var log: [(line: String, key: String?, ifMatch: String?)] { lock.withLock { _log } }
    var offline: Bool {
        get { lock.withLock { _offline } }
        set { lock.withLock { _offline = newValue } }
    }
    var loseNextAnswer: Bool {
        get { lock.withLock { _loseNextAnswer } }
        set { lock.withLock { _loseNextAnswer = newValue } }
    }

    static let thingKind = OutboxKind<Thing, ThingChanges>(
        .thing, create: TestRoutes.createThing, read: .item(TestRoutes.thing), update: TestRoutes.updateThing, delete: TestRoutes.deleteThing, id: \.id,
        version: \.updatedAt, changes: { $0.name == $1.name ? ThingChanges() : ThingChanges(name: $1.name) }, isEmpty: { $0.name == nil },
        apply: { changes, thing in Thing(id: thing.id, name: changes.name ?? thing.name, updatedAt: thing.updatedAt) })
    static let noteKind = OutboxKind<Note, NoteChanges>(
        .note, create: TestRoutes.createNote, read: .item(TestRoutes.note), update: TestRoutes.updateNote, delete: TestRoutes.deleteNote,
        references: [OutboxReference("thing_id", whenGone: .drop)], id: \.id, version: \.updatedAt,
        changes: { $0.text == $1.text ? NoteChanges() : NoteChanges(text: $1.text) }, isEmpty: { $0.text == nil },
        apply: { changes, note in Note(id: note.id, thingId: note.thingId, text: changes.text ?? note.text, updatedAt: note.updatedAt) })

    @discardableResult
    func seed(_ thing: Thing) -> UUID {
        lock.withLock {
            _things[thing.id] = thing
            _thingIDs.append(thing.id)
        }
        return thing.id
    }

    func send(_ request: HTTPRequestData) async throws -> HTTPResponseData {
        try lock.withLock {
            if _offline { throw ClientError.offline("switched off") }
            let line = "\(request.method) \(request.url.path)"
            let key = request.headers[PreconditionHeaders.idempotencyKey]
            _log.append((line, key, request.headers[PreconditionHeaders.ifMatch]))
            if let key, let first = answered[key] { return first }
            let response = try handle(request)
            if let key { answered[key] = response }
            if _loseNextAnswer {
                _loseNextAnswer = false
                throw ClientError.offline("answer lost")
            }
            return response
        }
    }

    private func handle(_ request: HTTPRequestData) throws -> HTTPResponseData {
        let decoder = WireFormat.decoder()
        let path = request.url.path.split(separator: "/").map(String.init)
        clock += 1
        switch (request.method, path.dropFirst().first, path.count) {
        case ("POST", "things"?, 2):
            let new = try decoder.decode(NewThing.self, from: request.body ?? Data())
            guard !new.name.isEmpty else { return Self.error(422, "validation_failed") }
            let thing = Thing(id: UUID(), name: new.name, updatedAt: clock)
            _things[thing.id] = thing
            _thingIDs.append(thing.id)
            return try Self.json(thing, 201)
        case ("GET", "things"?, 3):
            guard let id = UUID(uuidString: path[2]), let thing = _things[id] else { return Self.error(404, "thing_not_found") }
            return try Self.json(thing)
        case ("PUT", "things"?, 3):
            guard let id = UUID(uuidString: path[2]), var thing = _things[id] else { return Self.error(404, "thing_not_found") }
            if let match = request.headers[PreconditionHeaders.ifMatch], match != EntityTag(updatedAt: thing.updatedAt).description {
                return Self.error(412, "precondition_failed")
            }
            let changes = try decoder.decode(ThingChanges.self, from: request.body ?? Data())
            if let name = changes.name { thing.name = name }
            thing.updatedAt = clock
            _things[id] = thing
            return try Self.json(thing)
        case ("POST", "notes"?, 2):
            let new = try decoder.decode(NewNote.self, from: request.body ?? Data())
            guard _things[new.thingId] != nil else { return Self.error(404, "thing_not_found") }
            let note = Note(id: UUID(), thingId: new.thingId, text: new.text, updatedAt: clock)
            _notes.append(note)
            return try Self.json(note, 201)
        default:
            return Self.error(404, "not_found")
        }
    }

    static func json(_ value: some Encodable, _ status: Int = 200) throws -> HTTPResponseData {
        HTTPResponseData(status: status, headers: ["Content-Type": "application/json"], body: try WireFormat.requestEncoder().encode(value))
    }

    static func error(_ status: Int, _ code: String) -> HTTPResponseData {
        HTTPResponseData(status: status, body: Data(#"{"error":{"code":"\#(code)","message":"\#(code)"}}"#.utf8))
    }
}

import ClientCore
import Foundation
import PlatformAPI
import Testing

/// The sync machinery both apps' offline stores share (``OutboxEngine``), on its own against the
/// in-memory server of `OutboxTests`: refusals handed to the caller waiting for them and held for
/// no one else, a change checked and written before anything is stored, a pull that keeps what
/// changed while its lists were on the way, and a store that cannot be read or written.
@Suite("ClientCore outbox engine")
struct OutboxEngineTests {
    @Test func aRefusalGoesToTheCallerWaitingForItAndIsHeldForNoOneElse() async throws {
        let host = EngineHost(ThingServer())
        // Queued with no one waiting (a background replay): a notice, nothing held.
        try await host.queue(NewThing(name: ""))
        await host.replay()
        #expect(await host.heldRefusals == 0)
        #expect(await host.notices.count == 1)
        // Made by a caller waiting for it: thrown to it, its notice gone, nothing held.
        await #expect(throws: ClientError.self) { try await host.make(NewThing(name: "")) }
        #expect(await host.heldRefusals == 0)
        #expect(await host.notices.count == 1)
        try await host.make(NewThing(name: "fine"))
        #expect(await host.names == ["fine"])
    }

    @Test func aChangeTheContractRefusesOrThatCannotBeWrittenLeavesNoTrace() async throws {
        let host = EngineHost(ThingServer())
        let problem = FieldError(field: "name", message: "must not be blank")
        await #expect(throws: ClientError.validation(message: "name: must not be blank", fields: [problem])) {
            try await host.queue(NewThing(name: ""), problems: [problem])
        }
        await #expect(throws: ClientError.self) { try await host.queue(Measured(amount: .nan)) }
        #expect(await host.names.isEmpty)
        #expect(await host.outbox.isEmpty)
    }

    @Test func aPullKeepsWhatChangedWhileItsListsWereOnTheWay() async throws {
        let server = ThingServer()
        let host = EngineHost(server)
        let (listed, kept) = try await host.pullWhileCreating(NewThing(name: "made during the pull"))
        #expect(listed.isEmpty, "the list was read before the create")
        #expect(kept == ["made during the pull"])
    }

    @Test func anUnreadableDocumentIsKeptAsideAndTold() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("engine-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("doc.json")
        try Data("{not json".utf8).write(to: file)
        let document = FileDocument<TestDocument>(fileURL: file)
        let engine = OutboxEngine<TestDocument>(sender: EngineHost.sender(ThingServer()), now: { Date() }, load: { try document.load() ?? TestDocument() }, save: document.save)
        #expect(engine.document.notices.count == 1 && engine.document.notices[0].message.contains("could not be read"))
        let aside = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("doc.json.unreadable-") }
        #expect(aside.count == 1)
        #expect(try Data(contentsOf: folder.appendingPathComponent(aside[0])) == Data("{not json".utf8))
        engine.persist()
        #expect(try document.load()?.notices.count == 1, "a fresh document saved beside the kept one")
    }

    @Test func aDocumentThatCannotBeReadNorKeptAsideIsNeverWrittenOver() {
        let saves = Counter()
        let engine = OutboxEngine<TestDocument>(
            sender: EngineHost.sender(ThingServer()), now: { Date() }, load: { throw CocoaError(.fileReadNoPermission) }, save: { _ in saves.count += 1 })
        engine.persist()
        #expect(saves.count == 0)
        #expect(engine.document.notices.count == 1)
    }

    @Test func aFailedSaveIsToldOnceUntilASaveSucceeds() {
        let failing = Counter()
        failing.count = 1
        let engine = OutboxEngine<TestDocument>(
            sender: EngineHost.sender(ThingServer()), now: { Date() }, load: { TestDocument() },
            save: { _ in if failing.count > 0 { throw CocoaError(.fileWriteOutOfSpace) } })
        engine.persist()
        engine.persist()
        #expect(engine.saveFailure != nil)
        #expect(engine.document.notices.filter { $0.message.contains("could not be saved") }.count == 1)
        failing.count = 0
        engine.persist()
        #expect(engine.saveFailure == nil)
    }
}

final class Counter: @unchecked Sendable {
    var count = 0
}

struct Measured: Encodable, Sendable { var amount: Double }

/// A test app's offline document: things, and what the engine needs.
struct TestDocument: OfflineDocument, Equatable {
    var things: [ThingID: LocalRecord<Thing>] = [:]
    var outbox = OutboxQueue()
    var notices: [SyncNotice] = []
    var renamed: [UUID: UUID] = [:]
    init() {}
}

/// What an app's sync actor does with the engine, for things only.
actor EngineHost {
    let engine: OutboxEngine<TestDocument>
    let server: ThingServer

    init(_ server: ThingServer) {
        self.server = server
        engine = OutboxEngine(sender: Self.sender(server), now: { Date() }, load: { TestDocument() }, save: { _ in })
    }

    static func sender(_ server: ThingServer) -> OutboxSender {
        let client = APIClient(
            baseURL: URL(string: "http://things.test")!, routes: PlatformRoutes(app: AppID("t")), session: ClientSession(store: InMemoryTokenStore()),
            transport: server, retry: .none, bodyEncoder: { WireFormat.requestEncoder() })
        return OutboxSender(client: client, kinds: OutboxKinds([ThingServer.thingKind.erased]))
    }

    var heldRefusals: Int { engine.heldRefusals }
    var notices: [SyncNotice] { engine.document.notices }
    var outbox: [OutboxOperation] { engine.document.outbox.operations }
    var names: [String] { engine.document.things.values.map(\.value.name).sorted() }

    @discardableResult
    func queue(_ body: some Encodable, problems: [FieldError] = []) throws -> UUID {
        let id = ThingID()
        let name = (body as? NewThing)?.name ?? ""
        return try engine.enqueue(.create, .thing, target: id.uuid, body: body, problems: problems) {
            $0.things[id] = LocalRecord(value: Thing(id: id.uuid, name: name, updatedAt: Date()), syncStatus: .pending, isLocalOnly: true)
        }
    }

    func make(_ body: NewThing) async throws {
        let operation = try queue(body)
        try await engine.replay(throwingRefusalOf: operation) { await replay() }
    }

    func replay() async {
        await engine.replay(
            other: { _ in throw ClientError.notFound("no such route") },
            settle: { operation, outcome in
                guard let old = operation.target else { return }
                switch outcome {
                case .applied(let response):
                    engine.document.things[ThingID(old)] = nil
                    if let thing = try? ThingServer.thingKind.decode(response.body) {
                        engine.document.things[ThingID(thing.id)] = LocalRecord(value: thing)
                        engine.rename(old, to: thing.id)
                    }
                case .refused(let error):
                    engine.document.things[ThingID(old)] = nil
                    engine.refused(operation, error, telling: "Not saved: \(error)")
                default: break
                }
            })
    }

    /// A pull whose list is read, then a create made and replayed before the list is stored.
    func pullWhileCreating(_ body: NewThing) async throws -> (listed: [Thing], kept: [String]) {
        var listed: [Thing] = []
        try await engine.pull(
            fetch: {
                listed = Array(server.things.values)
                try queue(body)
                await replay()
                return listed
            },
            merge: { fetched, touched, document in
                document.things = PulledRecords.merge(document.things, server: fetched, id: { ThingID($0.id) }, touched: touched)
            })
        return (listed, names)
    }
}

import Foundation
import TestSupport
import Testing
import VibeKeeperClient

/// A snapshot saved by the SDK before its outbox moved to ClientCore (Fixtures/legacy-snapshot.json,
/// written by hand in the old shape: `method`, `path`, base64 `body`) loads with every queued
/// change in today's shape, and replaying it against the real server applies them all.
@Suite("VibeKeeper legacy snapshot", .timeLimit(.minutes(3)))
struct VibeKeeperLegacySnapshotTests {
    /// Device-made (temporary) ids in the fixture.
    static let rosa = UUID(uuidString: "11111111-1111-4111-8111-111111111111")!
    static let pottery = UUID(uuidString: "22222222-2222-4222-8222-222222222222")!

    /// The fixture with the ids and versions of entities already on the server filled in.
    static func fixture(contact: Contact, idea: GiftIdea) -> Data {
        var text = String(decoding: PackageResources.legacy_snapshot_json, as: UTF8.self)
        for (placeholder, value) in [
            "{{SERVER_CONTACT_ID}}": contact.id.description, "{{SERVER_CONTACT_VERSION}}": WireFormat.formatDate(contact.updatedAt),
            "{{SERVER_IDEA_ID}}": idea.id.description, "{{SERVER_IDEA_VERSION}}": WireFormat.formatDate(idea.updatedAt),
        ] {
            text = text.replacingOccurrences(of: placeholder, with: value)
        }
        return Data(text.utf8)
    }

    static func object(_ json: String) throws -> JSONValue { try JSONValue(parsing: Data(json.utf8)) }

    @Test func anOldSnapshotsOutboxReadsAsTodaysOperations() throws {
        let at = Date(timeIntervalSince1970: 1_780_000_000)
        let contact = Contact(id: ContactID(), name: "Grandpa", createdAt: at, updatedAt: at)
        let idea = GiftIdea(id: GiftIdeaID(), idea: "Old book", createdAt: at, updatedAt: at)
        let snapshot = try WireFormat.decoder().decode(LocalSnapshot.self, from: Self.fixture(contact: contact, idea: idea))
        let outbox = snapshot.outbox.operations

        #expect(outbox.map(\.kind) == [.capture, .create, .create, .create, .create, .create, .update, .delete])
        #expect(outbox.map(\.entity) == [.giftIdea, .contact, .giftIdea, .occasion, .occasion, .reminder, .contact, .giftIdea])
        // Bodies: the JSON the old bytes held, not their base64 text.
        #expect(outbox[1].body == (try Self.object(#"{"aliases":["Mom"],"name":"Rosa","preferences":{},"relationship":"mother"}"#)))
        #expect(outbox[2].body?["recipient_id"] == .string(Self.rosa.uuidString.lowercased()))
        #expect(outbox[6].body == (try Self.object(#"{"notes":"Loves gardening"}"#)))
        #expect(outbox[0].body == nil && outbox[7].body == nil)
        // An occasion's contact, from the old path; no other kind has a scope.
        #expect(outbox.map(\.scope) == [nil, nil, nil, Self.rosa, contact.id.uuid, nil, nil, nil])
        // Ids (Idempotency-Keys), targets and versions as they were.
        #expect(outbox[1].id == UUID(uuidString: "A0000000-0000-4000-8000-000000000001"))
        #expect(outbox[1].target == Self.rosa)
        #expect(outbox[6].base == contact.updatedAt && outbox[7].base == idea.updatedAt)
        #expect(outbox[0].id == snapshot.captures.first?.id)

        // Saved again, it is today's shape and reads back the same.
        let saved = try WireFormat.requestEncoder().encode(snapshot)
        #expect(!String(decoding: saved, as: UTF8.self).contains("\"path\""))
        #expect(try WireFormat.decoder().decode(LocalSnapshot.self, from: saved) == snapshot)
    }

    @Test func anOldOccasionChangeTakesItsContactFromTheOccasionOnTheDevice() throws {
        let at = Date(timeIntervalSince1970: 1_780_000_000)
        let occasion = Occasion(
            id: OccasionID(), contactId: ContactID(), name: "Birthday", date: LocalDate(year: 1961, month: 9, day: 14), recurring: true, createdAt: at, updatedAt: at)
        var snapshot = LocalSnapshot()
        snapshot.occasions[occasion.id] = LocalRecord(value: occasion, syncStatus: .pending)
        var document = try #require(JSONSerialization.jsonObject(with: WireFormat.requestEncoder().encode(snapshot)) as? [String: Any])
        document["outbox"] = [
            [
                "id": UUID().uuidString, "kind": "update", "entity": "occasion", "target": occasion.id.uuid.uuidString, "method": "PUT",
                "path": "/vibekeeper/api/v1/occasions/\(occasion.id)", "body": Data(#"{"name":"Name day"}"#.utf8).base64EncodedString(),
                "base": WireFormat.formatDate(at), "queuedAt": WireFormat.formatDate(at),
            ]
        ]
        let loaded = try WireFormat.decoder().decode(LocalSnapshot.self, from: JSONSerialization.data(withJSONObject: document))
        let operation = try #require(loaded.outbox.first)
        #expect(operation.scope == occasion.contactId.uuid)
        #expect(operation.body == (try Self.object(#"{"name":"Name day"}"#)))
        #expect(operation.base == at)
    }

    @Test func anOldSnapshotReplaysAgainstTheServerWithNothingRefusedOrLost() async throws {
        try await withServer(.sqlite) { server, _ in
            let stack = try await ClientStack.signedIn(server)
            // What was on the server before the device went offline.
            let grandpa = try await stack.api.send(VibeKeeperRoutes.createContact, body: NewContact(name: "Grandpa"))
            let book = try await stack.api.send(VibeKeeperRoutes.createGiftIdea, body: NewGiftIdea(idea: "Old book"))

            // The old SDK's snapshot, read by today's SDK on the same device.
            let folder = makeTemporaryDirectory()
            defer { try? FileManager.default.removeItem(at: folder) }
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Self.fixture(contact: grandpa, idea: book).write(to: folder.appendingPathComponent("snapshot.json"))
            let sync = SyncManager(api: stack.api, store: FileLocalStore(directory: folder))
            #expect(await sync.outbox.count == 8)

            try await sync.sync()
            #expect(await sync.notices.map(\.message) == [])
            #expect(await sync.outbox.isEmpty)
            #expect(await sync.pendingCaptures.isEmpty)

            // Every change is on the server, the device's ids followed to the server's.
            let contacts = try await stack.api.contacts()
            let rosa = try #require(contacts.first { $0.name == "Rosa" })
            #expect(rosa.aliases == ["Mom"] && rosa.relationship == "mother")
            #expect(try await stack.api.send(VibeKeeperRoutes.contact, grandpa.id).notes == "Loves gardening")
            let ideas = try await stack.api.allGiftIdeas()
            #expect(Set(ideas.map(\.idea)) == ["Pottery class", "fly fishing reel"])
            let pottery = try #require(ideas.first { $0.idea == "Pottery class" })
            #expect(pottery.recipientId == rosa.id && pottery.budgetAmount == 80 && pottery.tags == ["craft"])
            await #expect(throws: ClientError.self) { try await stack.api.send(VibeKeeperRoutes.giftIdea, book.id) }
            #expect(try await stack.api.send(VibeKeeperRoutes.occasions, rosa.id).map(\.name) == ["Birthday"])
            #expect(try await stack.api.send(VibeKeeperRoutes.occasions, grandpa.id).map(\.name) == ["Anniversary"])
            let reminders = try await stack.api.send(VibeKeeperRoutes.reminders, query: ReminderFilter()).filter { !$0.automatic }
            #expect(reminders.map(\.giftIdeaId) == [pottery.id])
            #expect(reminders.map(\.message) == ["Book the pottery class"])

            // The device holds them under the server's ids, synced, and saved them in today's shape.
            #expect(await sync.renamed(Self.rosa) == rosa.id.uuid)
            #expect(await sync.renamed(Self.pottery) == pottery.id.uuid)
            let saved = try String(contentsOf: folder.appendingPathComponent("snapshot.json"), encoding: .utf8)
            #expect(!saved.contains("\"path\""))
            #expect(await sync.ideas().allSatisfy { $0.syncStatus == .synced && !$0.isLocalOnly })
        }
    }
}

extension SyncManager {
    /// The server's id for an entity created on this device under `temporary`.
    fileprivate func renamed(_ temporary: UUID) -> UUID? { current.renamed[temporary] }
}

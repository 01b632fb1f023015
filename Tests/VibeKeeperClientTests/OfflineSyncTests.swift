import ClientTestSupport
import Foundation
import TestSupport
import Testing
import VibeKeeperClient

/// Offline first against the real server in-process, through a transport that drops, loses,
/// duplicates and delays requests: captures and edits made offline are kept, replayed in order,
/// never duplicated, and a change made elsewhere meanwhile becomes a conflict with both versions.
@Suite("VibeKeeper offline sync", .timeLimit(.minutes(3)))
struct VibeKeeperOfflineSyncTests {
    @Test func aCaptureMadeOfflineIsKeptAndSentOnceWhenBack() async throws {
        try await withServer(.sqlite) { server, _ in
            let stack = try await ClientStack.signedIn(server)
            let capture = await CaptureViewModel(sync: stack.sync)
            stack.chaos.isOffline = true
            await MainActor.run { capture.textInput = "Mom would love a pottery class for her birthday, about $80" }
            await capture.captureText()
            #expect(await capture.captureState == .queued)
            #expect(await stack.sync.pendingCaptures.count == 1)
            #expect(await stack.sync.outbox.count == 1)

            // Still offline: a sync keeps it and says why.
            await #expect(throws: ClientError.self) { try await stack.sync.sync() }
            #expect(await stack.sync.pendingCaptures.count == 1)

            stack.chaos.isOffline = false
            let list = await GiftIdeaListViewModel(sync: stack.sync)
            await list.load()
            let ideas = await list.ideas
            #expect(ideas.map(\.value.idea) == ["pottery class"])
            #expect(ideas.first?.syncStatus == .synced)
            #expect(await list.pendingCaptures.isEmpty)
            #expect(await stack.sync.outbox.isEmpty)
            #expect(try await stack.api.allGiftIdeas().count == 1)
        }
    }

    @Test func aLostAnswerOrADuplicatedRequestNeverCreatesTwice() async throws {
        try await withServer(.sqlite) { server, _ in
            let stack = try await ClientStack.signedIn(server)
            // The server stores the capture, the answer is lost: queued, replayed with the same key.
            stack.chaos.inject(.dropResponse, "POST", "/capture/text")
            let outcome = try await stack.sync.capture(
                PendingCapture(contentType: .text, text: "Dad wants a fly fishing reel for Christmas", capturedAt: Date()), file: nil)
            guard case .queued = outcome else { Issue.record("expected the capture to be queued, got \(outcome)"); return }
            try await stack.sync.sync()
            let delivered = stack.chaos.delivered("POST", "/capture/text")
            #expect(delivered.count == 2)
            #expect(Set(delivered.compactMap { $0.headers["Idempotency-Key"] }).count == 1)
            #expect(try await stack.api.allGiftIdeas().map(\.idea) == ["fly fishing reel"])

            // The network delivers a create twice: one contact.
            stack.chaos.inject(.duplicate, "POST", "/contacts")
            let contact = try await stack.sync.createContact(NewContact(name: "Rosa", aliases: ["Mom"]))
            #expect(stack.chaos.delivered("POST", "/contacts").count == 2)
            // (The capture above made "Dad" a contact.)
            #expect(try await stack.api.contacts().map(\.name).sorted() == ["Dad", "Rosa"])
            let keys = stack.chaos.delivered("POST", "/contacts").map { $0.headers["Idempotency-Key"] }
            #expect(keys.count == 2 && keys[0] != nil && keys[0] == keys[1])
            #expect(contact.syncStatus == .synced)
            #expect(contact.isLocalOnly == false)

            // A duplicated update: the second copy meets the new version (412), which already holds the change.
            let idea = try #require(await stack.sync.ideas().first)
            stack.chaos.inject(.duplicate, "PUT", "/gift-ideas/")
            var changes = GiftIdeaChanges()
            changes.status = .purchased
            let updated = try await stack.sync.updateIdea(idea.value.id, changes)
            #expect(updated.syncStatus == .synced)
            #expect(updated.value.status == .purchased)
            #expect(try await stack.api.send(VibeKeeperRoutes.giftIdea, idea.value.id).status == .purchased)

            // A request lost before it reached the server is simply sent again by the next sync.
            stack.chaos.inject(.dropRequest, "DELETE", "/gift-ideas/")
            await stack.sync.deleteIdea(idea.value.id)
            #expect(await stack.sync.outbox.count == 1)
            try await stack.sync.sync()
            #expect(try await stack.api.allGiftIdeas().isEmpty)
            #expect(await stack.sync.outbox.isEmpty)
        }
    }

    @Test func editsMadeOfflineReplayInOrderAndFollowTheServersIDs() async throws {
        try await withServer(.sqlite) { server, _ in
            let stack = try await ClientStack.signedIn(server)
            stack.chaos.isOffline = true
            let contact = try await stack.sync.createContact(NewContact(name: "Aunt June", relationship: "aunt"))
            #expect(contact.syncStatus == .pending)
            #expect(contact.isLocalOnly)
            let idea = try await stack.sync.createIdea(NewGiftIdea(recipientId: contact.value.id, idea: "Silk scarf", budgetAmount: 40))
            var rename = GiftIdeaChanges()
            rename.idea = "Blue silk scarf"
            try await stack.sync.updateIdea(idea.value.id, rename)
            let occasion = try await stack.sync.addOccasion(NewOccasion(name: "Birthday", date: LocalDate(year: 1961, month: 9, day: 14)), to: contact.value.id)
            #expect(occasion.syncStatus == .pending)
            #expect(await stack.sync.outbox.map(\.kind) == [.create, .create, .update, .create])
            // Delays do not reorder the replay.
            stack.chaos.inject(.delay(.milliseconds(50)), "POST", "/contacts")
            stack.chaos.isOffline = false
            try await stack.sync.sync()

            let contacts = try await stack.api.contacts()
            #expect(contacts.map(\.name) == ["Aunt June"])
            let ideas = try await stack.api.allGiftIdeas()
            #expect(ideas.map(\.idea) == ["Blue silk scarf"])
            #expect(ideas.first?.recipientId == contacts.first?.id)
            #expect(try await stack.api.send(VibeKeeperRoutes.occasions, contacts[0].id).map(\.name) == ["Birthday"])
            // The device now knows them by the server's ids, all synced.
            let local = await stack.sync.ideas()
            #expect(local.map(\.value.id) == ideas.map(\.id))
            #expect(local.allSatisfy { $0.syncStatus == .synced && !$0.isLocalOnly })
            #expect(await stack.sync.contacts().map(\.value.id) == contacts.map(\.id))
        }
    }

    @Test func aChangeMadeElsewhereMeanwhileIsAConflictWithBothVersionsKept() async throws {
        try await withServer(.sqlite) { server, _ in
            let phone = try await ClientStack.signedIn(server)
            let idea = try await phone.sync.createIdea(NewGiftIdea(idea: "Pottery class", budgetAmount: 80))
            let tablet = phone.secondDevice(server)
            try await tablet.sync.sync()

            // The phone edits offline; the tablet edits the same idea online.
            phone.chaos.isOffline = true
            var mine = GiftIdeaChanges()
            mine.notes = .set("Saturday mornings")
            try await phone.sync.updateIdea(idea.value.id, mine)
            var theirs = GiftIdeaChanges()
            theirs.budgetAmount = .set(120)
            try await tablet.sync.updateIdea(idea.value.id, theirs)

            phone.chaos.isOffline = false
            try await phone.sync.sync()
            #expect(phone.chaos.delivered("PUT", "/gift-ideas/").first?.headers["If-Match"] != nil)
            let detail = await GiftIdeaDetailViewModel(sync: phone.sync, id: idea.value.id)
            await detail.load()
            let record = try #require(await detail.record)
            #expect(record.syncStatus == .conflict)
            #expect(record.value.notes == "Saturday mornings")
            #expect(record.value.budgetAmount == 80)
            #expect(await detail.serverVersion?.budgetAmount == 120)
            #expect(await detail.serverVersion?.notes == nil)
            // The server was not overwritten.
            #expect(try await phone.api.send(VibeKeeperRoutes.giftIdea, idea.value.id).notes == nil)

            // Keeping mine sends only my fields over the server's version: both edits survive.
            await detail.keepMine()
            let server = try await phone.api.send(VibeKeeperRoutes.giftIdea, idea.value.id)
            #expect(server.notes == "Saturday mornings")
            #expect(server.budgetAmount == 80)
            #expect(await detail.record?.syncStatus == .synced)
        }
    }

    @Test func keepingTheServersVersionDropsMine() async throws {
        try await withServer(.sqlite) { server, _ in
            let phone = try await ClientStack.signedIn(server)
            let contact = try await phone.sync.createContact(NewContact(name: "Leo"))
            let tablet = phone.secondDevice(server)
            try await tablet.sync.sync()
            phone.chaos.isOffline = true
            try await phone.sync.updateContact(contact.value.id, ContactChanges(relationship: .set("brother")))
            try await tablet.sync.updateContact(contact.value.id, ContactChanges(relationship: .set("cousin")))
            phone.chaos.isOffline = false
            try await phone.sync.sync()
            #expect(await phone.sync.contact(contact.value.id)?.syncStatus == .conflict)
            let contacts = await ContactsViewModel(sync: phone.sync)
            await contacts.resolveConflict(contact.value.id, keepingMine: false)
            let record = try #require(await phone.sync.contact(contact.value.id))
            #expect(record.syncStatus == .synced)
            #expect(record.value.relationship == "cousin")
            #expect(try await phone.api.send(VibeKeeperRoutes.contact, contact.value.id).relationship == "cousin")
        }
    }

    @Test func aDeleteOfSomethingChangedElsewhereBringsItBackWithANotice() async throws {
        try await withServer(.sqlite) { server, _ in
            let phone = try await ClientStack.signedIn(server)
            let idea = try await phone.sync.createIdea(NewGiftIdea(idea: "Board game"))
            let tablet = phone.secondDevice(server)
            try await tablet.sync.sync()
            phone.chaos.isOffline = true
            await phone.sync.deleteIdea(idea.value.id)
            #expect(await phone.sync.idea(idea.value.id) == nil)
            var changes = GiftIdeaChanges()
            changes.notes = .set("She asked for this one")
            try await tablet.sync.updateIdea(idea.value.id, changes)
            phone.chaos.isOffline = false
            try await phone.sync.sync()
            #expect(try await phone.api.send(VibeKeeperRoutes.giftIdea, idea.value.id).notes == "She asked for this one")
            #expect(await phone.sync.idea(idea.value.id)?.value.notes == "She asked for this one")
            #expect(await phone.sync.notices.contains { $0.message.contains("changed on another device") })
        }
    }

    @Test func aChangeTheServerRefusesIsUndoneAndExplained() async throws {
        try await withServer(.sqlite) { server, _ in
            let stack = try await ClientStack.signedIn(server)
            let idea = try await stack.sync.createIdea(NewGiftIdea(idea: "Candle set", budgetRangeMin: 10, budgetRangeMax: 20))
            // A range the server refuses (min above max) is thrown to the caller and not kept.
            var changes = GiftIdeaChanges()
            changes.budgetRangeMin = .set(50)
            await #expect(throws: ClientError.self) { try await stack.sync.updateIdea(idea.value.id, changes) }
            let record = try #require(await stack.sync.idea(idea.value.id))
            #expect(record.value.budgetRangeMin == 10)
            #expect(record.syncStatus == .synced)
            #expect(await stack.sync.outbox.isEmpty)
        }
    }

    @Test func theLocalCopySurvivesARestartThroughTheFileStore() async throws {
        try await withServer(.sqlite) { server, _ in
            let stack = try await ClientStack.signedIn(server)
            let folder = makeTemporaryDirectory()
            defer { try? FileManager.default.removeItem(at: folder) }
            let first = SyncManager(api: stack.api, store: FileLocalStore(directory: folder))
            stack.chaos.isOffline = true
            let outcome = try await first.capture(
                PendingCapture(contentType: .image, text: "for Leo", filename: "capture.jpg", mimeType: "image/jpeg", capturedAt: Date()), file: SampleMedia.jpeg())
            guard case .queued = outcome else { Issue.record("expected queued"); return }

            // The app restarts: the queued photo is still there, and goes out once.
            stack.chaos.isOffline = false
            let second = SyncManager(api: stack.api, store: FileLocalStore(directory: folder))
            #expect(await second.pendingCaptures.count == 1)
            try await second.sync()
            #expect(await second.pendingCaptures.isEmpty)
            let ideas = try await stack.api.allGiftIdeas() + (try await stack.api.reviewQueue().ideas)
            #expect(ideas.count == 1)
            #expect(ideas.first?.mediaAssets.count == 1)
            // The queued file is removed once sent.
            let blobs = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("blobs").path)) ?? []
            #expect(blobs.isEmpty)
        }
    }

    @Test func anEditQueuedOfflineIsReplayedFromTheFileWithoutAFalseConflict() async throws {
        try await withServer(.sqlite) { server, _ in
            let stack = try await ClientStack.signedIn(server)
            let folder = makeTemporaryDirectory()
            defer { try? FileManager.default.removeItem(at: folder) }
            let first = SyncManager(api: stack.api, store: FileLocalStore(directory: folder))
            // Several ideas, so timestamps land on many different milliseconds.
            var ids: [GiftIdeaID] = []
            for index in 0..<8 { ids.append(try await first.createIdea(NewGiftIdea(idea: "Idea \(index)")).value.id) }
            stack.chaos.isOffline = true
            for id in ids {
                var changes = GiftIdeaChanges()
                changes.notes = .set("edited offline")
                try await first.updateIdea(id, changes)
            }
            // The app restarts: the queued edits carry the versions read back from the file.
            stack.chaos.isOffline = false
            let second = SyncManager(api: stack.api, store: FileLocalStore(directory: folder))
            try await second.sync()
            let local = await second.ideas()
            #expect(local.count == 8)
            #expect(local.allSatisfy { $0.syncStatus == .synced && $0.value.notes == "edited offline" })
            #expect(try await stack.api.allGiftIdeas().allSatisfy { $0.notes == "edited offline" })
            #expect(stack.chaos.delivered("PUT", "/gift-ideas/").count == 8)
        }
    }

    @Test func aCaptureTheServerCannotEverTakeDoesNotBlockTheOutbox() async throws {
        try await withServer(.sqlite) { server, _ in
            let stack = try await ClientStack.signedIn(server)
            stack.chaos.isOffline = true
            // No transcript, and this server has no speech-to-text: 501 when it is sent.
            let outcome = try await stack.sync.capture(
                PendingCapture(contentType: .voice, filename: "voice_capture.m4a", mimeType: "audio/m4a", capturedAt: Date()), file: SampleMedia.m4a())
            guard case .queued = outcome else { Issue.record("expected queued"); return }
            _ = try await stack.sync.createContact(NewContact(name: "Leo"))
            stack.chaos.isOffline = false
            try await stack.sync.sync()
            #expect(await stack.sync.outbox.isEmpty)
            #expect(try await stack.api.contacts().map(\.name) == ["Leo"])
            // The recording is kept, marked, for the user to add words to or discard.
            let kept = try #require(await stack.sync.pendingCaptures.first)
            #expect(kept.failure?.contains("501") == true)
            await stack.sync.retryCapture(kept.id, text: "Leo wants a vinyl record player")
            #expect(await stack.sync.pendingCaptures.isEmpty)
            #expect(try await stack.api.allGiftIdeas().map(\.idea) == ["vinyl record player"])
        }
    }

    @Test func aPhotoWhoseAnswerWasLostIsReplayedAsTheSameRequest() async throws {
        try await withServer(.sqlite) { server, _ in
            let stack = try await ClientStack.signedIn(server)
            stack.chaos.inject(.dropResponse, "POST", "/capture/image")
            let outcome = try await stack.sync.capture(
                PendingCapture(contentType: .image, text: "Leo would love this lamp for his birthday", filename: "capture.jpg", mimeType: "image/jpeg", capturedAt: Date()),
                file: SampleMedia.jpeg())
            guard case .queued = outcome else { Issue.record("expected queued, got \(outcome)"); return }
            try await stack.sync.sync()
            let sent = stack.chaos.delivered("POST", "/capture/image")
            #expect(sent.count == 2)
            // Byte for byte the same request (the boundary follows the key), so the server answers it once.
            #expect(sent[0].body == sent[1].body)
            #expect(await stack.sync.pendingCaptures.isEmpty)
            #expect(await stack.sync.notices.isEmpty)
            let ideas = try await stack.api.allGiftIdeas()
            #expect(ideas.map(\.idea) == ["lamp"])
            #expect(ideas.first?.mediaAssets.count == 1)
        }
    }

    @Test @MainActor func aScreenHoldingATemporaryIDFindsTheEntityAfterSync() async throws {
        try await withServer(.sqlite) { server, _ in try await Self.temporaryIDs(server) }
    }

    @MainActor static func temporaryIDs(_ server: TestClient) async throws {
        let stack = try await ClientStack.signedIn(server)
        stack.chaos.isOffline = true
        let local = try await stack.sync.createIdea(NewGiftIdea(idea: "Wool socks"))
        let detail = GiftIdeaDetailViewModel(sync: stack.sync, id: local.value.id)
        await detail.load()
        #expect(detail.record?.isLocalOnly == true)
        stack.chaos.isOffline = false
        try await stack.sync.sync()
        let serverID = try #require(try await stack.api.allGiftIdeas().first?.id)
        #expect(serverID != local.value.id)
        await detail.load()
        #expect(detail.record?.value.id == serverID)
        #expect(!detail.isGone)
        await detail.setStatus(.purchased)
        #expect(try await stack.api.send(VibeKeeperRoutes.giftIdea, serverID).status == .purchased)
    }

    @Test func deletingAnIdeaWhileItsCreateIsOnTheWayDeletesItOnTheServerToo() async throws {
        try await withServer(.sqlite) { server, _ in
            let stack = try await ClientStack.signedIn(server)
            // The server creates the idea at once; its answer is held back while the user deletes it.
            stack.chaos.inject(.delay(.milliseconds(300)), "POST", "/gift-ideas")
            let sync = stack.sync
            let creating = Task { try await sync.createIdea(NewGiftIdea(idea: "Wool socks")) }
            try #require(try await eventually(within: .seconds(180), every: .milliseconds(5)) { !stack.chaos.delivered("POST", "/gift-ideas").isEmpty })
            let local = try #require(await sync.ideas().first)
            #expect(local.isLocalOnly)
            await sync.deleteIdea(local.value.id)
            _ = try? await creating.value
            try await sync.sync()
            #expect(try await stack.api.allGiftIdeas().isEmpty)
            #expect(await sync.ideas().isEmpty)
            #expect(await sync.outbox.isEmpty)
            #expect(stack.chaos.delivered("DELETE", "/gift-ideas/").count == 1)
        }
    }

    @Test func everyContactArrivesThoughTheServerPagesThem() async throws {
        try await withServer(.sqlite) { server, _ in
            let stack = try await ClientStack.signedIn(server)
            // One more than the SDK's page (the server's largest).
            let count = VibeKeeperRules.maxPageSize + 1
            for n in 0..<count { _ = try await stack.api.send(VibeKeeperRoutes.createContact, body: NewContact(name: String(format: "Person %03d", count - n))) }
            let first = try await stack.api.contactsPage(limit: 2)
            #expect(first.items.count == 2 && first.nextCursor != nil)
            let contacts = try await stack.api.contacts()
            #expect(contacts.count == count)
            #expect(contacts.map(\.name) == (1...count).map { String(format: "Person %03d", $0) }, "by name")
            #expect(stack.chaos.delivered("GET", "/contacts").count == 3, "a page of 2, then two of up to 100")
            // A sync's pull keeps every one of them too.
            try await stack.sync.sync()
            #expect(await stack.sync.contacts().count == count)
        }
    }

    @Test func aContactCreatedWhileAPullsListWasOnItsWaySurvivesThePull() async throws {
        try await withServer(.sqlite) { server, _ in
            let holding = HoldingTransport(InProcessTransport(server: server))
            let api = VibeKeeperAPIClient(
                baseURL: URL(string: "http://vibekeeper.test")!, session: VibeKeeperSession(store: InMemoryTokenStore()), transport: ChaosTransport(holding),
                retry: RetryPolicy(maxAttempts: 1))
            let email = "vk-\(UUID().uuidString.prefix(8))@example.com"
            _ = try await api.client.register(PasswordRegistration(email: email, name: "Sam", password: "correct horse battery"))
            try await api.client.logIn(email: email, password: "correct horse battery")
            let sync = SyncManager(api: api)
            holding.hold("GET", "/contacts")
            let pulling = Task { try await sync.pull() }
            await holding.waitUntilHeld()
            let rosa = try await sync.createContact(NewContact(name: "Rosa"))
            #expect(rosa.syncStatus == .synced)
            holding.release()
            try await pulling.value
            #expect(await sync.contacts().map(\.value.name) == ["Rosa"], "kept though the list predates it")
        }
    }
}

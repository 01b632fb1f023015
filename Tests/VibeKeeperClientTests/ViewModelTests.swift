import Foundation
import TestSupport
import Testing
import VibeKeeperClient

/// A recorder whose file exists or not, as the test decides.
@MainActor
final class FakeRecorder: VoiceRecorder {
    var recordingURL: URL?
    var contents: Data?
    private(set) var isRecording = false

    init(contents: Data?) {
        self.contents = contents
        recordingURL = FileManager.default.temporaryDirectory.appendingPathComponent("voice-\(UUID().uuidString).m4a")
    }

    func prepare() -> Bool { true }
    func record() { isRecording = true }
    func stop() {
        isRecording = false
        if let contents, let recordingURL { try? contents.write(to: recordingURL) }
    }
}

/// A photo that encodes, or does not.
struct FakeImage: CapturedImage {
    var data: Data?
    func jpegData(compressionQuality: Double) -> Data? { data }
}

/// The view models against the real server in-process, through the chaos transport.
@Suite("VibeKeeper view models", .timeLimit(.minutes(3)))
struct VibeKeeperViewModelTests {
    @Test func captureFollowsTheSeedsStatesAndErrors() async throws {
        try await withServer(.sqlite) { server, _ in try await Self.captureFollowsTheSeedsStatesAndErrors(server) }
    }

    @MainActor static func captureFollowsTheSeedsStatesAndErrors(_ server: TestClient) async throws {
        let stack = try await ClientStack.signedIn(server)
        let recorder = await FakeRecorder(contents: nil)
        let model = await CaptureViewModel(sync: stack.sync, recorder: recorder)
        try await MainActor.run {
            #expect(model.captureMode == .text)
            #expect(model.captureState == .ready)
            _ = try #require(Optional(model))
        }

        // Blank text does nothing at all.
        await MainActor.run { model.textInput = "   \n " }
        await model.captureText()
        #expect(await model.captureState == .ready)
        #expect(stack.chaos.delivered("POST", "/capture").isEmpty)

        // Text → processing → success with the extracted idea.
        await MainActor.run { model.textInput = "Mom would love a pottery class for her birthday, about $80" }
        await model.captureText()
        #expect(await model.captureState == .success)
        #expect(await model.extractedGiftIdea?.idea == "pottery class")
        #expect(await model.extractedGiftIdea?.budgetAmount == 80)
        #expect(stack.chaos.delivered("POST", "/capture/text").count == 1)

        // The same words again: the server matched the existing idea.
        let first = try #require(await model.extractedGiftIdea)
        await MainActor.run { model.resetCapture() }
        await MainActor.run { model.textInput = "Mom would love a pottery class for her birthday, about $80" }
        await model.captureText()
        #expect(await model.captureState == .review(.duplicate(of: first.id)))

        // An idea with nothing else to go on waits for review.
        await MainActor.run {
            model.resetCapture()
            model.textInput = "scented candles"
        }
        await model.captureText()
        #expect(await model.captureState == .review(.needsReview))

        // reset keeps the mode and clears the rest.
        await MainActor.run {
            model.captureMode = .image
            model.imageCaption = "for Leo"
            model.resetCapture()
            #expect(model.captureMode == .image)
            #expect(model.captureState == .ready)
            #expect(model.imageCaption.isEmpty)
            #expect(model.extractedGiftIdea == nil)
            #expect(model.processingProgress == 0)
        }

        // A photo that cannot be encoded: 1001 "Invalid image data"; no photo at all: the same.
        await model.processImageCapture()
        #expect(await model.captureState == .failure(.invalidImageData))
        await MainActor.run {
            model.resetCapture()
            model.captureImage(image: FakeImage(data: nil))
        }
        await model.processImageCapture()
        #expect(await model.captureState == .failure(CaptureFailure(code: 1001, message: "Invalid image data")))

        // A real photo uploads with progress up to 1.
        await MainActor.run {
            model.resetCapture()
            model.captureImage(image: FakeImage(data: SampleMedia.jpeg()))
            model.imageCaption = "Leo would love this lamp for his birthday"
        }
        await model.processImageCapture()
        #expect(await model.captureState == .success)
        #expect(await model.processingProgress == 1)
        #expect(await model.extractedGiftIdea?.mediaAssets.count == 1)
        let upload = try #require(stack.chaos.delivered("POST", "/capture/image").first)
        #expect(upload.headers["Content-Type"]?.hasPrefix("multipart/form-data; boundary=") == true)

        // Voice: ready → recording → processing; the recorder wrote nothing: 1002 "Recording not found".
        await MainActor.run {
            model.resetCapture()
            model.captureMode = .voice
            model.startVoiceRecording()
            #expect(model.captureState == .recording)
        }
        await model.stopVoiceRecording()
        #expect(await model.captureState == .failure(.recordingNotFound))
        #expect(await model.captureState == .failure(CaptureFailure(code: 1002, message: "Recording not found")))

        // A recording with the device's transcript is captured.
        await MainActor.run {
            recorder.contents = SampleMedia.m4a()
            model.resetCapture()
            model.voiceTranscript = "Dad wants a fly fishing reel for Christmas"
            model.startVoiceRecording()
        }
        await model.stopVoiceRecording()
        #expect(await model.captureState == .success)
        #expect(await model.extractedGiftIdea?.idea == "fly fishing reel")

        // A refusal the server gives is a failure with its status, and nothing is queued.
        await MainActor.run {
            model.resetCapture()
            model.captureMode = .text
            model.textInput = String(repeating: "gift ", count: 2_500)
        }
        await model.captureText()
        guard case .failure(let failure) = await model.captureState else { Issue.record("expected a failure"); return }
        #expect(failure.code == 413)
        #expect(await stack.sync.pendingCaptures.isEmpty)
        #expect(await stack.sync.outbox.isEmpty)
    }

    @Test func authChecksOnTheDeviceThenRegistersAndSignsIn() async throws {
        try await withServer(.sqlite) { server, _ in try await Self.authChecksOnTheDeviceThenRegistersAndSignsIn(server) }
    }

    @MainActor static func authChecksOnTheDeviceThenRegistersAndSignsIn(_ server: TestClient) async throws {
        let stack = ClientStack.make(server)
        let auth = AuthViewModel(api: stack.api)
        auth.mode = .register
        auth.email = "not-an-email"
        auth.name = ""
        auth.password = "short"
        #expect(await auth.submit() == false)
        #expect(Set(auth.errors.fields.keys) == ["email", "name", "password"])
        #expect(auth.errors["password"]?.contains("at least 8") == true)
        #expect(stack.chaos.delivered().isEmpty)

        auth.email = "sam@example.com"
        auth.name = "Sam"
        auth.password = "correct horse battery"
        #expect(await auth.submit())
        #expect(auth.isSignedIn)
        #expect(await stack.api.session.isSignedIn)
        #expect(auth.password.isEmpty)

        // Registering the same email again points at the email field.
        let other = AuthViewModel(api: ClientStack.make(server).api)
        other.mode = .register
        other.email = "SAM@example.com"
        other.name = "Sam"
        other.password = "another password"
        #expect(await other.submit() == false)
        #expect(other.errors["email"] != nil)

        // A wrong password is one message for the form.
        let login = AuthViewModel(api: ClientStack.make(server).api)
        login.email = "sam@example.com"
        login.password = "wrong password!"
        #expect(await login.submit() == false)
        #expect(login.errors.message == "Wrong email or password.")
        #expect(!login.isSignedIn)
    }

    @Test func listDetailAndReviewWorkOnTheLocalCopy() async throws {
        try await withServer(.sqlite) { server, _ in try await Self.listDetailAndReviewWorkOnTheLocalCopy(server) }
    }

    @MainActor static func listDetailAndReviewWorkOnTheLocalCopy(_ server: TestClient) async throws {
        let stack = try await ClientStack.signedIn(server)
        let rosa = try await stack.sync.createContact(NewContact(name: "Rosa", aliases: ["Mom"]))
        _ = try await stack.sync.createIdea(NewGiftIdea(recipientId: rosa.value.id, idea: "Pottery class", tags: ["craft"], budgetAmount: 80))
        _ = try await stack.sync.createIdea(NewGiftIdea(idea: "Wool socks", tags: ["cozy"], budgetAmount: 15, status: .purchased))
        _ = try await stack.sync.capture(PendingCapture(contentType: .text, text: "scented candles", capturedAt: Date()), file: nil)

        let list = GiftIdeaListViewModel(sync: stack.sync)
        await list.load()
        #expect(Set(list.ideas.map(\.value.idea)) == ["Pottery class", "Wool socks"])
        list.filter = GiftIdeaFilter(status: .purchased)
        await list.reloadLocal()
        #expect(list.ideas.map(\.value.idea) == ["Wool socks"])
        list.filter = GiftIdeaFilter(recipientId: rosa.value.id, minPrice: 50)
        await list.reloadLocal()
        #expect(list.ideas.map(\.value.idea) == ["Pottery class"])
        list.filter = GiftIdeaFilter(tag: "CRAFT")
        await list.reloadLocal()
        #expect(list.ideas.map(\.value.idea) == ["Pottery class"])

        // Status change from the list.
        let pottery = try #require(list.ideas.first)
        await list.setStatus(pottery.value.id, .given)
        #expect(try await stack.api.send(VibeKeeperRoutes.giftIdea, pottery.value.id).status == .given)

        // Editing sends only the changed fields.
        let detail = GiftIdeaDetailViewModel(sync: stack.sync, id: pottery.value.id)
        await detail.load()
        detail.beginEditing()
        detail.draft?.notes = "Saturday class"
        detail.draft?.tags = ["craft", "experience"]
        #expect(await detail.save())
        let put = try #require(stack.chaos.delivered("PUT", "/gift-ideas/").last?.body)
        let sent = try #require(try JSONSerialization.jsonObject(with: put) as? [String: Any])
        #expect(Set(sent.keys) == ["notes", "tags"])
        #expect(detail.record?.value.notes == "Saturday class")
        #expect(detail.record?.syncStatus == .synced)

        // A rule the server enforces comes back on its field.
        detail.beginEditing()
        detail.draft?.budgetCurrency = "DOLLARS"
        #expect(await detail.save() == false)
        #expect(detail.errors["budget_currency"] != nil)
        #expect(detail.record?.value.budgetCurrency == "USD")

        // Review queue: accept with a correction, discard the other.
        let review = ReviewQueueViewModel(sync: stack.sync)
        await review.load()
        #expect(review.items.map(\.value.idea) == ["scented candles"])
        var edits = GiftIdeaChanges()
        edits.recipientId = .set(rosa.value.id)
        await review.accept(try #require(review.items.first).value.id, edits: edits)
        #expect(review.items.isEmpty)
        #expect(try await stack.api.reviewQueue().ideas.isEmpty)
        #expect(try await stack.api.allGiftIdeas(GiftIdeaFilter(recipientId: rosa.value.id)).count == 2)

        await detail.delete()
        #expect(detail.isGone)
        #expect(try await stack.api.allGiftIdeas().count == 2)
    }

    @Test func contactsAndRemindersFollowTheServersRules() async throws {
        try await withServer(.sqlite) { server, _ in try await Self.contactsAndRemindersFollowTheServersRules(server) }
    }

    @MainActor static func contactsAndRemindersFollowTheServersRules(_ server: TestClient) async throws {
        let stack = try await ClientStack.signedIn(server)
        let contacts = ContactsViewModel(sync: stack.sync)
        #expect(await contacts.addContact(name: "   ") == nil)
        #expect(contacts.errors["name"] != nil)
        #expect(stack.chaos.delivered("POST", "/contacts").isEmpty)

        let rosa = try #require(await contacts.addContact(name: "Rosa", relationship: "mother", aliases: ["Mom", "mom", "Rosa"]))
        #expect(rosa.aliases == ["Mom"])
        #expect(await contacts.addOccasion(to: rosa.id, name: "Birthday", date: "1961-02-30") == nil)
        #expect(contacts.errors["date"] != nil)
        let nextYear = Calendar(identifier: .gregorian).component(.year, from: Date()) + 1
        let birthday = try #require(await contacts.addOccasion(to: rosa.id, name: "Birthday", date: "1961-05-03"))
        await contacts.load()
        #expect(contacts.entries.map(\.contact.value.name) == ["Rosa"])
        #expect(contacts.entries.first?.occasions.map(\.value.id) == [birthday.id])

        // A dated idea gets its automatic reminder (lead time 7 days) from the server.
        _ = try await stack.sync.createIdea(NewGiftIdea(recipientId: rosa.id, idea: "Silk scarf", occasion: "birthday", date: LocalDate(year: nextYear, month: 5, day: 3)))
        let reminders = RemindersViewModel(sync: stack.sync)
        await reminders.load()
        let automatic = try #require(reminders.reminders.first { $0.value.giftIdeaId != nil })
        #expect(automatic.value.automatic)
        #expect(automatic.value.message.contains("Rosa"))

        await reminders.cancel(automatic.value.id)
        #expect(try await stack.api.send(VibeKeeperRoutes.reminder, automatic.value.id).status == .cancelled)
        reminders.statusFilter = .cancelled
        await reminders.reloadLocal()
        #expect(reminders.reminders.map(\.value.id) == [automatic.value.id])

        let idea = try #require(await stack.sync.ideas().first)
        let own = try #require(await reminders.add(for: idea.value.id, at: Date().addingTimeInterval(86_400), message: "Order the scarf"))
        #expect(try await stack.api.send(VibeKeeperRoutes.reminder, own.id).message == "Order the scarf")
        await reminders.delete(own.id)
        await #expect(throws: ClientError.self) { try await stack.api.send(VibeKeeperRoutes.reminder, own.id) }

        await contacts.deleteContact(rosa.id)
        #expect(try await stack.api.contacts().isEmpty)
    }

    @Test func searchWaitsForAPauseCancelsStaleQueriesAndFallsBackOffline() async throws {
        try await withServer(.sqlite) { server, _ in try await Self.searchWaitsForAPauseCancelsStaleQueriesAndFallsBackOffline(server) }
    }

    @MainActor static func searchWaitsForAPauseCancelsStaleQueriesAndFallsBackOffline(_ server: TestClient) async throws {
        let stack = try await ClientStack.signedIn(server)
        _ = try await stack.sync.createIdea(NewGiftIdea(idea: "Pottery class for Mom"))
        _ = try await stack.sync.createIdea(NewGiftIdea(idea: "Fly fishing reel"))
        let gate = SleepGate()
        let search = SearchViewModel(sync: stack.sync, sleep: { _ in try await gate.wait() })
        search.query = "p"
        search.query = "po"
        search.query = "pottery"
        #expect(search.isSearching)
        await gate.release(after: 3)
        await search.pending?.value
        #expect(stack.chaos.delivered("GET", "/search").count == 1)
        #expect(stack.chaos.delivered("GET", "/search").first?.url.query?.contains("q=pottery") == true)
        #expect(search.results.first?.giftIdea?.idea == "Pottery class for Mom")
        #expect(!search.isOffline)

        // A slow answer to a query the user has since changed never replaces the newer one.
        stack.chaos.inject(.delay(.milliseconds(300)), "GET", "/search")
        search.query = "pottery class"
        await gate.release(after: 1)
        let slow = search.pending
        try #require(try await eventually(within: .seconds(180), every: .milliseconds(5)) { stack.chaos.delivered("GET", "/search").count >= 2 })
        search.query = "fishing reel"
        await gate.release(after: 1)
        await search.pending?.value
        await slow?.value
        #expect(search.results.first?.giftIdea?.idea == "Fly fishing reel")
        #expect(stack.chaos.delivered("GET", "/search").count == 3)

        // Offline: the device's copy answers.
        stack.chaos.isOffline = true
        search.query = "fishing"
        await gate.release(after: 1)
        await search.pending?.value
        #expect(search.isOffline)
        #expect(search.results.map { $0.giftIdea?.idea } == ["Fly fishing reel"])

        search.query = ""
        #expect(search.results.isEmpty)
    }

    @Test func concurrentCallsRefreshTheSessionOnceAndARefusedRefreshSignsOut() async throws {
        try await withServer(.sqlite) { server, _ in
            let stack = try await ClientStack.signedIn(server)
            // The access token has expired on the device's clock.
            var stored = try #require(try stack.tokens.load())
            stored.accessTokenExpiresAt = Date().addingTimeInterval(-60)
            try stack.tokens.save(stored)
            let api = VibeKeeperAPIClient(baseURL: stack.api.baseURL, session: VibeKeeperSession(store: stack.tokens), transport: stack.chaos, retry: RetryPolicy(maxAttempts: 1))
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<5 { group.addTask { _ = try await api.contacts() } }
                try await group.waitForAll()
            }
            #expect(stack.chaos.delivered("POST", "/auth/refresh").count == 1)

            // The refresh token is revoked elsewhere: the next refresh is refused and the session ends.
            await stack.api.client.signOut()
            stored = try #require(try stack.tokens.load() ?? Optional(stored))
            let stale = InMemoryTokenStore(
                StoredSession(userId: stored.userId, accessToken: "expired", refreshToken: stored.refreshToken, accessTokenExpiresAt: Date().addingTimeInterval(-60)))
            let session = VibeKeeperSession(store: stale)
            let signedOut = VibeKeeperAPIClient(baseURL: stack.api.baseURL, session: session, transport: stack.chaos, retry: RetryPolicy(maxAttempts: 1))
            await #expect(throws: ClientError.self) { _ = try await signedOut.contacts() }
            #expect(await session.isSignedIn == false)
        }
    }
}

/// Lets a test decide when a debounce pause ends.
actor SleepGate {
    private var waiters: [CheckedContinuation<Void, any Error>] = []

    func wait() async throws {
        try await withCheckedThrowingContinuation { waiters.append($0) }
        try Task.checkCancellation()
    }

    /// Once `count` pauses have begun, ends them all (cancelled searches then stop, the last one runs).
    func release(after count: Int) async {
        _ = try? await eventually(within: .seconds(180), every: .milliseconds(1)) { waiters.count >= count }
        let current = waiters
        waiters = []
        for waiter in current { waiter.resume() }
    }
}

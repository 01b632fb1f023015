import AsyncHTTPTransport
import Foundation
import TestSupport
import Testing
import VibeKeeperClient

/// The whole journey through the SDK against the real server on a socket (AsyncHTTPClient, as the
/// CLI sends; uploads also through URLSession, the apps' transport): register → capture text → capture a photo → the idea listed with its reminder →
/// search finds it → a capture made offline is sent exactly once when the network is back.
@Suite("VibeKeeper SDK end to end", .timeLimit(.minutes(3)))
struct VibeKeeperEndToEndTests {
    /// The network switch of a device: off fails every request as an unreachable server would.
    final class NetworkSwitch: HTTPTransport, @unchecked Sendable {
        let inner = AsyncHTTPClientTransport(timeout: 20)
        private let lock = NSLock()
        private var off = false
        private(set) var sent: [HTTPRequestData] = []

        var isOff: Bool {
            get { lock.withLock { off } }
            set { lock.withLock { off = newValue } }
        }

        func send(_ request: HTTPRequestData) async throws -> HTTPResponseData {
            try check(request)
            return try await inner.send(request)
        }

        func send(_ request: HTTPRequestData, uploadProgress: @escaping @Sendable (Double) -> Void) async throws -> HTTPResponseData {
            try check(request)
            return try await inner.send(request, uploadProgress: uploadProgress)
        }

        private func check(_ request: HTTPRequestData) throws {
            try lock.withLock {
                if off { throw ClientError.offline("airplane mode") }
                sent.append(request)
            }
        }
    }

    @Test func registerCaptureListSearchAndReplayAnOfflineCapture() async throws {
        try await withLiveServer(.sqlite) { baseURL, _ in try await Self.journey(baseURL) }
    }

    @MainActor static func journey(_ baseURL: URL) async throws {
        let network = NetworkSwitch()
        let api = VibeKeeperAPIClient(baseURL: baseURL, session: VibeKeeperSession(store: InMemoryTokenStore()), transport: network, retry: .none)
        let folder = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sync = SyncManager(api: api, store: FileLocalStore(directory: folder))

        // Register and sign in.
        let auth = AuthViewModel(api: api)
        auth.mode = .register
        auth.email = "journey@example.com"
        auth.name = "Sam"
        auth.password = "correct horse battery"
        #expect(await auth.submit())

        // Mom is a contact; a typed capture names her, a date and a budget.
        let contacts = ContactsViewModel(sync: sync)
        let linda = try #require(await contacts.addContact(name: "Linda", relationship: "mother", aliases: ["Mom"]))
        let capture = CaptureViewModel(sync: sync)
        capture.textInput = "Mom would love a pottery class on March 5, about $80"
        await capture.captureText()
        #expect(capture.captureState == .success)
        let pottery = try #require(capture.extractedGiftIdea)
        #expect(pottery.idea == "pottery class")
        #expect(pottery.recipientId == linda.id)
        #expect(pottery.budgetAmount == 80)
        #expect(pottery.date?.month == 3 && pottery.date?.day == 5)

        // A photo with a caption, uploaded with progress over the real socket.
        capture.resetCapture()
        capture.captureMode = .image
        capture.captureImage(image: FakeImage(data: SampleMedia.jpeg(size: 200_000)))
        capture.imageCaption = "Dad would love a blue mug like this for Father's Day, under $30"
        await capture.processImageCapture()
        #expect(capture.captureState == .success)
        #expect(capture.processingProgress == 1)
        let mug = try #require(capture.extractedGiftIdea)
        #expect(mug.idea == "blue mug")
        let asset = try #require(mug.mediaAssets.first)
        #expect(try await api.client.send(VibeKeeperRoutes.media, asset.id, body: nil) == SampleMedia.jpeg(size: 200_000))
        #expect(capture.captureMode == .image)

        // Listed with its automatic reminder.
        let list = GiftIdeaListViewModel(sync: sync)
        await list.load()
        #expect(Set(list.ideas.map(\.value.idea)) == ["pottery class", "blue mug"])
        let detail = GiftIdeaDetailViewModel(sync: sync, id: pottery.id)
        await detail.load()
        let reminder = try #require(detail.reminders.first)
        #expect(reminder.value.automatic)
        #expect(reminder.value.message == "Don't forget Linda's gift on March 5!")

        // Search finds it.
        let search = SearchViewModel(sync: sync, sleep: { _ in })
        search.query = "pottery"
        await search.pending?.value
        #expect(search.results.first?.giftIdea?.id == pottery.id)

        // Offline: the capture is kept on the device; back online, it is sent once.
        network.isOff = true
        capture.resetCapture()
        capture.captureMode = .text
        capture.textInput = "Leo wants a vinyl record player for his birthday"
        await capture.captureText()
        #expect(capture.captureState == .queued)
        await list.load()
        #expect(list.isOffline)
        #expect(list.pendingCaptures.map(\.text) == ["Leo wants a vinyl record player for his birthday"])

        network.isOff = false
        await list.load()
        #expect(!list.isOffline)
        #expect(list.pendingCaptures.isEmpty)
        let all = try await api.allGiftIdeas()
        #expect(all.filter { $0.idea == "vinyl record player" }.count == 1)
        #expect(network.sent.filter { $0.url.path.hasSuffix("/capture/text") }.count == 2)
        #expect(list.ideas.contains { $0.value.idea == "vinyl record player" && $0.syncStatus == .synced })
    }

    @Test(
        "a 3 MB photo upload reports its progress from the real transport: 0 first, 1 last, never backwards (AsyncHTTPClient: shares between)",
        arguments: ["urlSession", "asyncHTTPClient"])
    func uploadsReportProgressFromTheRealTransport(_ kind: String) async throws {
        try await withLiveServer(.sqlite) { baseURL, _ in
            let transport: any HTTPTransport = kind == "urlSession" ? URLSessionTransport(timeout: 20) : AsyncHTTPClientTransport(timeout: 20)
            let api = VibeKeeperAPIClient(baseURL: baseURL, session: VibeKeeperSession(store: InMemoryTokenStore()), transport: transport)
            let email = "upload-\(kind)@example.com"
            _ = try await api.client.register(PasswordRegistration(email: email, name: "Sam", password: "correct horse battery"))
            try await api.client.logIn(email: email, password: "correct horse battery")
            let seen = Shares()
            let result = try await api.captureImage(.jpeg(SampleMedia.jpeg(size: 3_000_000)), caption: "a lamp for Leo", progress: { seen.add($0) })
            #expect(result.idea.mediaAssets.count == 1)
            let shares = seen.values
            #expect(shares.first == 0)
            #expect(shares.last == 1)
            // AsyncHTTPClient reports each 64 KiB handed to the connection; FoundationNetworking's
            // URLSession tells nothing between on a loopback upload (Apple's does).
            if kind == "asyncHTTPClient" { #expect(shares.contains { $0 > 0 && $0 < 1 }, "\(shares)") }
            #expect(shares == shares.sorted())
        }
    }

    final class Shares: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [Double] = []
        func add(_ share: Double) { lock.withLock { list.append(share) } }
        var values: [Double] { lock.withLock { list } }
    }
}

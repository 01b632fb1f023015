import AIProviders
import AppServer
import Foundation
import HTTPTypes
import Hummingbird
import MediaStorage
import PlatformCore
import TestSupport
import Testing
import VibeKeeperAPI

@testable import VibeKeeper

/// A transcriber that answers a fixed text and remembers what it was asked.
final class FakeTranscriber: Transcriber {
    let text: String
    let calls = LockedValue<[(bytes: Int, contentType: String, prompt: String)]>([])
    init(_ text: String) { self.text = text }
    func transcribe(audio: Data, filename: String, mimeType: String, language: String?, prompt: String?) async throws -> String {
        calls.withLock { $0.append((audio.count, mimeType, prompt ?? "")) }
        return text
    }
}

/// A vision model that answers a fixed description and remembers the prompts it got.
final class FakeVision: VisionModel {
    let description: String
    let fails: Bool
    let prompts = LockedValue<[String]>([])
    init(_ description: String, fails: Bool = false) {
        self.description = description
        self.fails = fails
    }
    func describe(image: Data, mimeType: String, prompt: String) async throws -> Completion {
        prompts.withLock { $0.append(prompt) }
        if fails { throw ProviderError.server(status: 503, message: "overloaded") }
        return Completion(text: description, usage: TokenUsage(inputTokens: 0, outputTokens: 0), model: "fake", finishReason: "stop")
    }
}

/// A media store that records what was put and deleted, and can refuse writes.
final class RecordingStore: MediaStore {
    let inner: LocalMediaStore
    let refuse: Bool
    let puts = LockedValue<[String]>([])
    let deletes = LockedValue<[String]>([])
    init(directory: URL, refuse: Bool = false) {
        inner = LocalMediaStore(directory: directory)
        self.refuse = refuse
    }
    func put(_ data: Data, key: String, contentType: String) async throws {
        if refuse { throw CocoaError(.fileWriteNoPermission) }
        puts.withLock { $0.append(key) }
        try await inner.put(data, key: key, contentType: contentType)
    }
    func get(_ key: String) async throws -> Data? { try await inner.get(key) }
    func delete(_ key: String) async throws {
        deletes.withLock { $0.append(key) }
        try await inner.delete(key)
    }
    func list(prefix: String, continuation: String?) async throws -> MediaListing { try await inner.list(prefix: prefix, continuation: continuation) }
    /// The keys with bytes in the folder now.
    var storedKeys: [String] {
        let root = inner.directory.path
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        return enumerator.compactMap { $0 as? String }.filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder) && !isFolder.boolValue
        }.sorted()
    }
}

/// Voice and photo captures (seed 3.4) through the HTTP API on both databases: the bytes are kept
/// with the idea (or not at all), served back to their owner only, checked by content, and removed
/// with the idea or the account.
@Suite("VibeKeeper voice and photo capture", .timeLimit(.minutes(3)))
struct MediaCaptureTests {
    static let base = "/vibekeeper/api/v1"
    static let utterance = "Mom would love a pottery class for her birthday, about $80"

    static func withMediaServer<T: Sendable>(
        _ database: TestDatabase, transcriber: (any Transcriber)? = nil, vision: (any VisionModel)? = nil, refuseWrites: Bool = false,
        configure: (inout ServerConfiguration) -> Void = { _ in }, _ body: @Sendable (TestClient, RecordingStore, ServerComponents) async throws -> T
    ) async throws -> T {
        let folder = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = RecordingStore(directory: folder, refuse: refuseWrites)
        return try await withServer(
            database, configure: configure, dependencies: ServerDependencies(clock: TestClock(CaptureTests.today), media: store, transcriber: transcriber, vision: vision)
        ) { client, components in try await body(client, store, components) }
    }

    static func upload(
        _ client: TestClient, _ user: SignedIn, _ path: String, fields: [(String, String)] = [], file: (name: String, filename: String, type: String, data: Data)?
    ) async throws -> APIResponse {
        var body = MultipartBody()
        for (name, value) in fields { body.field(name, value) }
        if let file { body.file(file.name, filename: file.filename, contentType: file.type, file.data) }
        return try await client.send(.post, "\(base)/\(path)", token: user.accessToken, body: body.finished, headers: [.contentType: body.contentType])
    }

    @Test(
        "voice: the transcriber gets the recording and the seed's prompt; the idea is extracted from its words and keeps the recording, served to its owner only",
        arguments: TestDatabase.allCases)
    func voiceWithTranscriber(_ database: TestDatabase) async throws {
        let transcriber = FakeTranscriber(Self.utterance)
        try await Self.withMediaServer(database, transcriber: transcriber) { client, store, _ in
            let user = try await client.signIn(app: "vibekeeper")
            let recording = SampleMedia.m4a()
            // The seed's client declares `audio/m4a`; the type stored is what the bytes are.
            let response = try await Self.upload(client, user, "capture/voice", file: ("voice_file", "voice_capture.m4a", "audio/m4a", recording))
            #expect(response.status == .ok, "\(response.text)")
            let idea = try response.decode(CaptureResult.self).idea
            #expect(idea.idea.lowercased().contains("pottery class") && idea.budgetAmount == 80 && !idea.needsReview)
            #expect(idea.mediaAssets.count == 1)
            let asset = try #require(idea.mediaAssets.first)
            #expect(asset.type == "audio" && asset.contentType == "audio/mp4" && asset.byteCount == recording.count)
            #expect(asset.url == "/vibekeeper/api/v1/media/\(asset.id)")
            let call = try #require(transcriber.calls.value.first)
            #expect(call.bytes == recording.count && call.contentType == "audio/mp4")
            #expect(call.prompt.contains("You are an AI assistant helping to transcribe audio about gift ideas."))
            #expect(call.prompt.contains("Transcribe the audio content accurately, preserving all gift-related information."))
            // The bytes come back as uploaded, with the detected type; listed ideas carry the asset.
            let served = try await client.send(.get, asset.url, token: user.accessToken)
            #expect(served.status == .ok && served.body == recording)
            #expect(served.headers[.contentType] == "audio/mp4" && served.headers[HTTPField.Name("X-Content-Type-Options")!] == "nosniff")
            #expect(served.headers[.cacheControl]?.hasPrefix("private") == true)
            let listed = try await client.send(.get, "\(Self.base)/gift-ideas", token: user.accessToken).decode([GiftIdea].self)
            #expect(listed.first?.mediaAssets == [asset])
            #expect(try await client.send(.get, "\(Self.base)/gift-ideas/\(idea.id)", token: user.accessToken).decode(GiftIdea.self).mediaAssets == [asset])
            // Stored under a server-made key (no client filename in it).
            #expect(store.storedKeys == ["vibekeeper/\(user.userID.lowercased())/\(asset.id)"])
            // Another user, a made-up id, a malformed id: 404 alike.
            let other = try await client.signIn(app: "vibekeeper")
            for path in [asset.url, "\(Self.base)/media/\(UUID().uuidString.lowercased())", "\(Self.base)/media/not-an-id"] {
                let refused = try await client.send(.get, path, token: other.accessToken)
                #expect(refused.status == .notFound && refused.errorCode == "media_not_found", "\(path)")
            }
            #expect(try await client.send(.get, asset.url).status == .unauthorized)
        }
    }

    @Test("voice without a transcriber: 501 naming the setting and nothing stored; the app's on-device transcript is used instead when sent", arguments: TestDatabase.allCases)
    func voiceWithoutTranscriber(_ database: TestDatabase) async throws {
        try await Self.withMediaServer(database) { client, store, _ in
            let user = try await client.signIn(app: "vibekeeper")
            let refused = try await Self.upload(client, user, "capture/voice", file: ("voice_file", "a.wav", "audio/wav", SampleMedia.wav()))
            #expect(refused.status == .notImplemented && refused.errorCode == "transcription_not_configured")
            #expect(refused.text.contains("TRANSCRIBER"))
            #expect(store.puts.value.isEmpty)
            #expect(try await client.send(.get, "\(Self.base)/gift-ideas", token: user.accessToken).decode([GiftIdea].self).isEmpty)

            let response = try await Self.upload(
                client, user, "capture/voice", fields: [("transcript", "Dad would like a fly fishing reel for Christmas")],
                file: ("voice_file", "a.mp3", "application/octet-stream", SampleMedia.mp3()))
            #expect(response.status == .ok, "\(response.text)")
            let idea = try response.decode(CaptureResult.self).idea
            #expect(idea.idea.lowercased().contains("fly fishing reel") && idea.occasion == "christmas")
            #expect(idea.mediaAssets.map(\.contentType) == ["audio/mpeg"])
        }
    }

    @Test(
        "photo: the caption drives extraction without a vision model; with one, its description (seed prompt with the caption) does too; a failing one falls back to the caption",
        arguments: TestDatabase.allCases)
    func photoCaptions(_ database: TestDatabase) async throws {
        try await Self.withMediaServer(database) { client, _, _ in
            let user = try await client.signIn(app: "vibekeeper")
            // Declared as text with a .txt name: the bytes say JPEG, and JPEG is what is stored.
            let response = try await Self.upload(
                client, user, "capture/image", fields: [("caption", Self.utterance)], file: ("image_file", "notes.txt", "text/plain", SampleMedia.jpeg()))
            #expect(response.status == .ok, "\(response.text)")
            let idea = try response.decode(CaptureResult.self).idea
            #expect(idea.idea.lowercased().contains("pottery class") && idea.occasion == "birthday" && !idea.needsReview)
            #expect(idea.mediaAssets.map(\.type) == ["image"] && idea.mediaAssets.map(\.contentType) == ["image/jpeg"])
        }
        let vision = FakeVision("A hand-thrown blue ceramic mug for Dad, a nice gift for Father's Day.")
        try await Self.withMediaServer(database, vision: vision) { client, _, _ in
            let user = try await client.signIn(app: "vibekeeper")
            let response = try await Self.upload(client, user, "capture/image", fields: [("caption", "")], file: ("image_file", "mug.png", "image/png", SampleMedia.png()))
            #expect(response.status == .ok, "\(response.text)")
            let idea = try response.decode(CaptureResult.self).idea
            #expect(idea.idea.lowercased().contains("mug") && !idea.needsReview)
            #expect(idea.recipientName == "Dad" && idea.occasion?.lowercased().contains("father") == true)
            // An empty caption is none: the seed prompt says so.
            let prompt = try #require(vision.prompts.value.first)
            #expect(prompt.contains("You are an AI assistant analyzing an image of a potential gift."))
            #expect(prompt.contains("If there's a caption provided: \"No caption provided\", use this to provide context."))
            _ = try await Self.upload(client, user, "capture/image", fields: [("caption", "for Mom")], file: ("image_file", "mug.png", "image/png", SampleMedia.png()))
            #expect(vision.prompts.value.last?.contains("If there's a caption provided: \"for Mom\"") == true)
        }
        try await Self.withMediaServer(database, vision: FakeVision("", fails: true)) { client, _, _ in
            let user = try await client.signIn(app: "vibekeeper")
            let response = try await Self.upload(
                client, user, "capture/image", fields: [("caption", Self.utterance)], file: ("image_file", "p.jpg", "image/jpeg", SampleMedia.jpeg()))
            #expect(response.status == .ok)
            #expect(try response.decode(CaptureResult.self).idea.idea.lowercased().contains("pottery class"))
        }
    }

    @Test("a photo with neither caption nor vision model waits for review with the photo attached, never as a made-up idea", arguments: TestDatabase.allCases)
    func photoWithoutWords(_ database: TestDatabase) async throws {
        try await Self.withMediaServer(database) { client, _, _ in
            let user = try await client.signIn(app: "vibekeeper")
            let response = try await Self.upload(client, user, "capture/image", file: ("image_file", "p.jpg", "image/jpeg", SampleMedia.jpeg()))
            #expect(response.status == .ok)
            let idea = try response.decode(CaptureResult.self).idea
            #expect(idea.needsReview && idea.idea == "Gift idea from a photo" && idea.mediaAssets.count == 1 && idea.recipientId == nil)
            let queue = try await client.send(.get, "\(Self.base)/capture/review", token: user.accessToken).decode([GiftIdea].self)
            #expect(queue.map(\.id) == [idea.id] && queue[0].mediaAssets == idea.mediaAssets)
        }
    }

    @Test(
        "uploads are judged by their bytes: empty, cut off or not the right kind is 422 naming the field; over the limits 413; broken framing 400; nothing is stored",
        arguments: TestDatabase.allCases)
    func uploadChecks(_ database: TestDatabase) async throws {
        try await Self.withMediaServer(database, transcriber: FakeTranscriber(Self.utterance)) { client, store, _ in
            let user = try await client.signIn(app: "vibekeeper")
            let cases: [(String, String, Data, HTTPResponse.Status, String)] = [
                ("capture/image", "image_file", Data(), .unprocessableContent, "is empty"),
                ("capture/image", "image_file", SampleMedia.truncated(SampleMedia.png()), .unprocessableContent, "cut off"),
                ("capture/image", "image_file", Data("not a picture at all".utf8), .unprocessableContent, "JPEG"),
                ("capture/image", "image_file", SampleMedia.wav(), .unprocessableContent, "JPEG"),
                ("capture/voice", "voice_file", SampleMedia.jpeg(), .unprocessableContent, "M4A"),
                ("capture/voice", "voice_file", SampleMedia.truncated(SampleMedia.m4a()), .unprocessableContent, "cut off"),
                ("capture/image", "image_file", SampleMedia.jpeg(size: (10 << 20) + 1), .contentTooLarge, "10 MiB"),
                ("capture/voice", "voice_file", SampleMedia.wav(samples: (25 << 19) + 1), .contentTooLarge, "25 MiB"),
            ]
            for (path, field, data, status, message) in cases {
                let response = try await Self.upload(client, user, path, file: (field, "f.bin", "application/octet-stream", data))
                #expect(response.status == status, "\(path) \(data.count) bytes: \(response.text.prefix(300))")
                #expect(response.text.contains(message), "\(path): \(response.text.prefix(300))")
                if status == .unprocessableContent { #expect(response.errorFields == [field]) }
            }
            // The file field missing, or a JSON body where a file is needed: 422 naming it.
            let missing = try await Self.upload(client, user, "capture/image", fields: [("caption", "x")], file: nil)
            #expect(missing.status == .unprocessableContent && missing.errorFields == ["image_file"])
            let json = try await client.send(.post, "\(Self.base)/capture/voice", token: user.accessToken, json: ["transcript": "x"])
            #expect(json.status == .unprocessableContent && json.errorFields == ["voice_file"])
            // A part the form does not take is refused, not ignored; so is a form field with a control character.
            let extra = try await Self.upload(
                client, user, "capture/image", fields: [("caption", "x"), ("colour", "red")], file: ("image_file", "p.jpg", "image/jpeg", SampleMedia.jpeg()))
            #expect(extra.status == .unprocessableContent && extra.errorFields == ["colour"])
            let control = try await client.send(
                .post, "\(Self.base)/capture/text", token: user.accessToken, body: Data("text_content=a%20mug&note=%0F".utf8),
                headers: [.contentType: "application/x-www-form-urlencoded"])
            #expect(control.status == .unprocessableContent && control.errorFields == ["note"])
            // A caption over 10,000 characters is too much, like a text capture.
            let long = try await Self.upload(
                client, user, "capture/image", fields: [("caption", String(repeating: "a", count: 10_001))], file: ("image_file", "p.jpg", "image/jpeg", SampleMedia.jpeg()))
            #expect(long.status == .contentTooLarge)
            // Broken framing and a missing boundary: 400.
            let broken = try await client.send(
                .post, "\(Self.base)/capture/image", token: user.accessToken, body: Data("--b\r\nno end".utf8), headers: [.contentType: "multipart/form-data; boundary=b"])
            #expect(broken.status == .badRequest && broken.errorCode == "malformed_multipart")
            let noBoundary = try await client.send(
                .post, "\(Self.base)/capture/image", token: user.accessToken, body: Data("x".utf8), headers: [.contentType: "multipart/form-data"])
            #expect(noBoundary.status == .badRequest)
            // A text body over MAX_BODY_BYTES (1 MiB) is 413, while an upload of 3 MiB is within MAX_UPLOAD_BYTES.
            let bigJSON = try await client.send(.post, "\(Self.base)/capture/text", token: user.accessToken, json: ["text_content": String(repeating: "a", count: 2 << 20)])
            #expect(bigJSON.status == .contentTooLarge)

            #expect(store.puts.value.isEmpty && store.storedKeys.isEmpty)
            #expect(try await client.send(.get, "\(Self.base)/gift-ideas", token: user.accessToken).decode([GiftIdea].self).isEmpty)
            #expect(try await client.send(.get, "\(Self.base)/capture/review", token: user.accessToken).decode([GiftIdea].self).isEmpty)
        }
    }

    @Test("uploads get MAX_UPLOAD_BYTES instead of MAX_BODY_BYTES; a body over it is 413 and nothing is stored", arguments: TestDatabase.allCases)
    func uploadLimit(_ database: TestDatabase) async throws {
        try await Self.withMediaServer(database, configure: { $0.maxUploadBytes = 2 << 20 }) { client, store, _ in
            let user = try await client.signIn(app: "vibekeeper")
            let photo = SampleMedia.jpeg(size: 3 << 19)  // 1.5 MiB: over MAX_BODY_BYTES, under the upload limit
            let accepted = try await Self.upload(client, user, "capture/image", fields: [("caption", Self.utterance)], file: ("image_file", "p.jpg", "image/jpeg", photo))
            #expect(accepted.status == .ok, "\(accepted.text.prefix(200))")
            let refused = try await Self.upload(
                client, user, "capture/image", fields: [("caption", Self.utterance)], file: ("image_file", "p.jpg", "image/jpeg", SampleMedia.jpeg(size: 3 << 20)))
            #expect(refused.status == .contentTooLarge && refused.errorCode == "payload_too_large")
            #expect(store.puts.value.count == 1)
        }
    }

    @Test("the unified POST /capture: text, voice and image by content_type; anything else is the seed's 400", arguments: TestDatabase.allCases)
    func unifiedCapture(_ database: TestDatabase) async throws {
        try await Self.withMediaServer(database, transcriber: FakeTranscriber("Grandma would love a cashmere scarf for Christmas")) { client, _, _ in
            let user = try await client.signIn(app: "vibekeeper")
            let text = try await Self.upload(client, user, "capture", fields: [("content_type", "text"), ("text_content", Self.utterance)], file: nil)
            #expect(text.status == .ok, "\(text.text)")
            #expect(try text.decode(CaptureResult.self).idea.idea.lowercased().contains("pottery class"))
            let json = try await client.send(
                .post, "\(Self.base)/capture", token: user.accessToken, json: ["content_type": "text", "text_content": "Dad would like a fly fishing reel for Christmas"])
            #expect(json.status == .ok, "\(json.text)")

            let voice = try await Self.upload(client, user, "capture", fields: [("content_type", "voice")], file: ("media_file", "v.wav", "audio/wav", SampleMedia.wav()))
            #expect(voice.status == .ok, "\(voice.text)")
            let voiceIdea = try voice.decode(CaptureResult.self).idea
            #expect(voiceIdea.idea.lowercased().contains("cashmere scarf") && voiceIdea.mediaAssets.map(\.type) == ["audio"])

            let image = try await Self.upload(
                client, user, "capture", fields: [("content_type", "image"), ("text_content", "Sister would love this lamp for her housewarming")],
                file: ("media_file", "p.jpg", "image/jpeg", SampleMedia.jpeg()))
            #expect(image.status == .ok, "\(image.text)")
            let imageIdea = try image.decode(CaptureResult.self).idea
            #expect(imageIdea.idea.lowercased().contains("lamp") && imageIdea.mediaAssets.map(\.type) == ["image"])

            let invalid: [([(String, String)], (String, String, String, Data)?)] = [
                ([("content_type", "video")], ("media_file", "v.mp4", "video/mp4", SampleMedia.m4a())),
                ([("text_content", "no type")], nil),
                ([("content_type", "text")], nil),
                ([("content_type", "text"), ("text_content", "   ")], nil),
                ([("content_type", "image"), ("text_content", "caption but no file")], nil),
                ([("content_type", "voice")], nil),
            ]
            for (fields, file) in invalid {
                let response = try await Self.upload(client, user, "capture", fields: fields, file: file.map { (name: $0.0, filename: $0.1, type: $0.2, data: $0.3) })
                #expect(response.status == .badRequest, "\(fields)")
                #expect(response.errorCode == "invalid_capture" && response.text.contains("Invalid content type or missing required data"))
            }
            let badJSON = try await client.send(.post, "\(Self.base)/capture", token: user.accessToken, json: ["content_type": 3])
            #expect(badJSON.status == .badRequest)
        }
    }

    @Test("deleting an idea, a review item or the account removes its files from the store", arguments: TestDatabase.allCases)
    func deletionRemovesFiles(_ database: TestDatabase) async throws {
        try await Self.withMediaServer(database) { client, store, _ in
            let user = try await client.signIn(app: "vibekeeper")
            func photo(_ caption: String?) async throws -> GiftIdea {
                let response = try await Self.upload(
                    client, user, "capture/image", fields: caption.map { [("caption", $0)] } ?? [], file: ("image_file", "p.jpg", "image/jpeg", SampleMedia.jpeg()))
                return try response.decode(CaptureResult.self).idea
            }
            let kept = try await photo(Self.utterance)
            let reviewed = try await photo(nil)
            let deleted = try await photo("Dad would like a fly fishing reel for Christmas")
            #expect(store.storedKeys.count == 3)
            #expect(try await client.send(.delete, "\(Self.base)/gift-ideas/\(deleted.id)", token: user.accessToken).status == .noContent)
            #expect(try await client.send(.delete, "\(Self.base)/capture/review/\(reviewed.id)", token: user.accessToken).status == .noContent)
            #expect(store.storedKeys.count == 1 && store.storedKeys[0].hasSuffix("\(kept.mediaAssets[0].id)"))
            #expect(try await client.send(.get, kept.mediaAssets[0].url, token: user.accessToken).status == .ok)
            #expect(try await client.send(.get, deleted.mediaAssets[0].url, token: user.accessToken).status == .notFound)

            let gone = try await client.send(.delete, "\(Self.base)/users/me", token: user.accessToken)
            #expect(gone.status == .ok, "\(gone.text)")
            #expect(store.storedKeys.isEmpty)
        }
    }

    @Test("the file and its row are stored together or not at all: a store that refuses is 503 with nothing saved; a failed row removes the file")
    func atomicity() async throws {
        try await Self.withMediaServer(.sqlite, refuseWrites: true) { client, _, _ in
            let user = try await client.signIn(app: "vibekeeper")
            let response = try await Self.upload(
                client, user, "capture/image", fields: [("caption", Self.utterance)], file: ("image_file", "p.jpg", "image/jpeg", SampleMedia.jpeg()))
            #expect(response.status == .serviceUnavailable && response.headers[.retryAfter] != nil && response.errorCode == "media_store_unavailable")
            #expect(try await client.send(.get, "\(Self.base)/gift-ideas", token: user.accessToken).decode([GiftIdea].self).isEmpty)
        }
        try await Self.withMediaServer(.sqlite) { client, store, components in
            let user = try await client.signIn(app: "vibekeeper")
            try await components.database.transaction { db in
                try await db.raw("CREATE TRIGGER refuse_media BEFORE INSERT ON media_assets BEGIN SELECT RAISE(ABORT, 'refused'); END").run()
            }
            let response = try await Self.upload(
                client, user, "capture/image", fields: [("caption", Self.utterance)], file: ("image_file", "p.jpg", "image/jpeg", SampleMedia.jpeg()))
            #expect(response.status.code >= 500)
            #expect(store.puts.value.count == 1 && store.deletes.value == store.puts.value && store.storedKeys.isEmpty)
            #expect(try await client.send(.get, "\(Self.base)/gift-ideas", token: user.accessToken).decode([GiftIdea].self).isEmpty)
        }
    }

    @Test("MEDIA_S3_BUCKET keeps captures in an S3-compatible bucket: stored, served and deleted there; without its keys the configuration is refused")
    func s3Bucket() async throws {
        let fake = FakeS3()
        try await fake.run { endpoint in
            try await withServer(
                .sqlite,
                configure: {
                    $0.mediaS3 = S3MediaStore.Configuration(
                        endpoint: endpoint, bucket: "vk-media", region: "eu-west-1", accessKeyID: FakeS3.accessKey, secretAccessKey: FakeS3.secretKey)
                }, dependencies: ServerDependencies(clock: TestClock(CaptureTests.today))
            ) { client, _ in
                let user = try await client.signIn(app: "vibekeeper")
                let photo = SampleMedia.png()
                let idea = try await Self.upload(
                    client, user, "capture/image", fields: [("caption", Self.utterance)], file: ("image_file", "p.png", "image/png", photo)
                ).decode(CaptureResult.self).idea
                let asset = try #require(idea.mediaAssets.first)
                #expect(fake.objects.value["/vk-media/vibekeeper/\(user.userID.lowercased())/\(asset.id)"]?.data == photo)
                #expect(try await client.send(.get, asset.url, token: user.accessToken).body == photo)
                #expect(try await client.send(.delete, "\(Self.base)/gift-ideas/\(idea.id)", token: user.accessToken).status == .noContent)
                #expect(fake.objects.value.isEmpty && fake.refusals.value.isEmpty)
            }
        }
        #expect(throws: ServerConfiguration.Invalid.self) { try ServerConfiguration.load(environment: ["MEDIA_S3_BUCKET": "b", "MEDIA_S3_ACCESS_KEY_ID": "k"]) }
        #expect(throws: ServerConfiguration.Invalid.self) {
            try ServerConfiguration.load(environment: [
                "MEDIA_S3_BUCKET": "b", "MEDIA_S3_ACCESS_KEY_ID": "k", "MEDIA_S3_SECRET_ACCESS_KEY": "s", "MEDIA_S3_ENDPOINT": "ftp://x",
            ])
        }
        let aws = try ServerConfiguration.load(environment: [
            "MEDIA_S3_BUCKET": "b", "MEDIA_S3_ACCESS_KEY_ID": "k", "MEDIA_S3_SECRET_ACCESS_KEY": "s", "MEDIA_S3_REGION": "eu-central-1",
        ])
        #expect(aws.mediaS3?.endpoint == "https://s3.eu-central-1.amazonaws.com" && aws.mediaS3?.bucket == "b")
    }

    @Test("TRANSCRIBER and VISION_MODEL wire the real clients: the recording and the seed's prompts reach the provider's wire format, and its words make the idea")
    func configuredProviders() async throws {
        try await withFakeProviders { fake in
            try await withServer(
                .sqlite,
                configure: {
                    $0.ai.openAIAPIKey = "sk-test"
                    $0.ai.openAIBaseURL = fake.baseURL + "/v1"
                    $0.ai.anthropicAPIKey = "sk-ant"
                    $0.ai.anthropicBaseURL = fake.baseURL
                    $0.ai.transcriber = .init(provider: "openai", model: "whisper-1")
                    $0.ai.vision = .init(provider: "anthropic", model: "claude-sonnet-4")
                }, dependencies: ServerDependencies(clock: TestClock(CaptureTests.today))
            ) { client, _ in
                let user = try await client.signIn(app: "vibekeeper")
                fake.answer.value = Self.utterance
                let recording = SampleMedia.m4a()
                let voice = try await Self.upload(client, user, "capture/voice", file: ("voice_file", "voice_capture.m4a", "audio/m4a", recording))
                #expect(voice.status == .ok, "\(voice.text)")
                #expect(try voice.decode(CaptureResult.self).idea.idea.lowercased().contains("pottery class"))
                let sent = try #require(fake.received.value.last)
                #expect(sent.path == "/v1/audio/transcriptions")
                let form = try MultipartForm(parsing: sent.body, boundary: try #require(MultipartForm.boundary(of: sent.headers["content-type"])))
                #expect(form.field("model") == "whisper-1" && form.part("file")?.body == recording && form.part("file")?.contentType == "audio/mp4")
                #expect(form.field("prompt") == MediaCapture.transcriptionPrompt)

                fake.answer.value = "A hand-thrown blue ceramic mug for Dad, a nice gift for Father's Day."
                let photo = try await Self.upload(client, user, "capture/image", file: ("image_file", "mug.png", "image/png", SampleMedia.png()))
                #expect(photo.status == .ok, "\(photo.text)")
                #expect(try photo.decode(CaptureResult.self).idea.idea.lowercased().contains("mug"))
                let asked = try #require(fake.received.value.last)
                let blocks = (asked.json["messages"] as? [[String: Any]])?.first?["content"] as? [[String: Any]]
                #expect(asked.path == "/v1/messages" && (blocks?.first?["source"] as? [String: String])?["media_type"] == "image/png")
                #expect(blocks?.last?["text"] as? String == MediaCapture.imageAnalysisPrompt(caption: nil))
            }
        }
        let parsed = try ServerConfiguration.load(environment: ["TRANSCRIBER": "openai:whisper-1", "VISION_MODEL": "openai:gpt-4o-mini"])
        #expect(parsed.ai.transcriber?.model == "whisper-1" && parsed.ai.vision?.provider == "openai")
        for bad in [["TRANSCRIBER": "whisper-1"], ["TRANSCRIBER": "anthropic:x"], ["VISION_MODEL": "gemini:x"], ["VISION_MODEL": "openai:"], ["VISION_MODEL": "anthropic:claude"]] {
            #expect(throws: ServerConfiguration.Invalid.self, "\(bad)") { try ServerConfiguration.load(environment: bad) }
        }
    }

    @Test("another user's review item cannot be discarded, and another user's contact cannot become an idea's recipient by PUT or accept", arguments: TestDatabase.allCases)
    func ownershipProbes(_ database: TestDatabase) async throws {
        try await Self.withMediaServer(database) { client, store, _ in
            let owner = try await client.signIn(app: "vibekeeper")
            let other = try await client.signIn(app: "vibekeeper")
            let waiting = try await Self.upload(client, owner, "capture/image", file: ("image_file", "p.jpg", "image/jpeg", SampleMedia.jpeg()))
                .decode(CaptureResult.self).idea
            #expect(waiting.needsReview)
            let refused = try await client.send(.delete, "\(Self.base)/capture/review/\(waiting.id)", token: other.accessToken)
            #expect(refused.status == .notFound)
            #expect(store.storedKeys.count == 1)
            #expect(try await client.send(.get, "\(Self.base)/capture/review", token: owner.accessToken).decode([GiftIdea].self).map(\.id) == [waiting.id])

            let theirs = try await client.send(.post, "\(Self.base)/contacts", token: other.accessToken, json: ["name": "Not yours"]).decode(Contact.self)
            let accept = try await client.send(.post, "\(Self.base)/capture/review/\(waiting.id)/accept", token: owner.accessToken, json: ["recipient_id": theirs.id.description])
            #expect(accept.status == .notFound && accept.errorCode == "contact_not_found")
            let idea = try await client.send(.post, "\(Self.base)/gift-ideas", token: owner.accessToken, json: ["idea": "a mug"]).decode(GiftIdea.self)
            let put = try await client.send(.put, "\(Self.base)/gift-ideas/\(idea.id)", token: owner.accessToken, json: ["recipient_id": theirs.id.description])
            #expect(put.status == .notFound && put.errorCode == "contact_not_found")
            #expect(try await client.send(.get, "\(Self.base)/gift-ideas/\(idea.id)", token: owner.accessToken).decode(GiftIdea.self).recipientId == nil)
        }
    }

    @Test("GET /vibekeeper/openapi.json documents exactly the routes VibeKeeper registers (its own, the platform's and password accounts)")
    func documentCoversRoutes() async throws {
        try await withServer(.sqlite) { client, server in
            let document = try VibeKeeperApp.servedOpenAPIDocument()
            let coverage = OpenAPICoverage(document: document, app: "vibekeeper", server: server)
            #expect(coverage.registered.contains("POST /vibekeeper/api/v1/capture/image") && coverage.registered.contains("POST /vibekeeper/api/v1/auth/register"))
            #expect(coverage.missing.isEmpty && coverage.extra.isEmpty, "missing \(coverage.missing.sorted()), extra \(coverage.extra.sorted())")
            #expect(try await client.send(.get, "/vibekeeper/openapi.json").body == document.json)
        }
    }

    @Test("a repeated photo capture answers the existing idea with duplicate_of and adds the new photo to it", arguments: TestDatabase.allCases)
    func repeatedPhoto(_ database: TestDatabase) async throws {
        try await Self.withMediaServer(database) { client, store, _ in
            let user = try await client.signIn(app: "vibekeeper")
            let first = try await Self.upload(
                client, user, "capture/image", fields: [("caption", Self.utterance)], file: ("image_file", "p.jpg", "image/jpeg", SampleMedia.jpeg())
            ).decode(CaptureResult.self).idea
            let again = try await Self.upload(
                client, user, "capture/image", fields: [("caption", Self.utterance)], file: ("image_file", "q.png", "image/png", SampleMedia.png())
            ).decode(CaptureResult.self).idea
            #expect(again.id == first.id && again.duplicateOf == first.id)
            #expect(Set(again.mediaAssets.map(\.contentType)) == ["image/jpeg", "image/png"])
            #expect(store.storedKeys.count == 2)
        }
    }
}

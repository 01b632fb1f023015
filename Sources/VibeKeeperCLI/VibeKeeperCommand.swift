import ArgumentParser
import Foundation
import VibeKeeperClient

/// `vibekeeper`: VibeKeeper on the command line, over the same `VibeKeeperClient` library (API and
/// offline store) an iOS app uses.
@main
struct VibeKeeperCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vibekeeper",
        abstract: "VibeKeeper from the command line: capture gift ideas anywhere, keep them with the people and occasions they are for.",
        discussion: """
            Exit status: 0 done (a capture or change saved offline counts), 1 other failure, 3 server unreachable, \
            4 not signed in, 5 invalid input, 6 not found, 7 rate limited, 8 fresh sign-in needed, 9 conflict, 64 usage.
            """,
        subcommands: [
            Register.self, Login.self, Logout.self, Capture.self, IdeasCommand.self, ContactsCommand.self, RemindersCommand.self, ReviewCommand.self,
            Search.self, Sync.self,
        ]
    )
}

/// Reads `--server` (or `$VIBEKEEPER_SERVER`), which must be an http(s) URL.
func serverURL(_ option: String?) throws -> URL {
    let address = option ?? ProcessInfo.processInfo.environment["VIBEKEEPER_SERVER"] ?? "http://127.0.0.1:8080"
    guard let url = URL(string: address), url.scheme == "http" || url.scheme == "https", url.host != nil else {
        throw invalidUsage("--server must be an http(s) URL such as http://127.0.0.1:8080")
    }
    return url
}

/// What `register` and `login` print under `--json`.
struct SignedIn: Encodable {
    var userId: String
    var email: String?
    var name: String?
    var server: String?
    var sessionFile: String
}

/// `vibekeeper register`: creates an email + password account, then signs in.
struct Register: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Create an account (email and password) and sign in.")

    @Option(help: "Server URL (default: $VIBEKEEPER_SERVER or http://127.0.0.1:8080).") var server: String?
    @Option(help: "Your email address.") var email: String
    @Option(help: "Your name.") var name: String
    @Option(help: "8–128 characters; read from standard input when omitted (without echo on a terminal).") var password: String?
    @OptionGroup var options: SessionOptions

    func run() async throws {
        let url = try serverURL(server)
        try await reporting(server: url) {
            let secret = try readPassword(password)
            let api = VibeKeeperAPIClient(baseURL: url, session: VibeKeeperSession(store: FileTokenStore(fileURL: options.sessionURL)))
            let account = try await withProgress("Creating the account") { try await api.register(email: email, name: name, password: secret) }
            let session = try await withProgress("Signing in") { try await api.logIn(email: email, password: secret) }
            if options.json {
                try printReport(SignedIn(userId: session.userId, email: account.email, name: account.name, server: session.serverUrl, sessionFile: options.sessionURL.path))
            } else {
                print("Registered \(account.email) (\(account.name)).")
                print("Signed in to \(url.absoluteString) as \(account.email) (user \(session.userId)).")
                print("Session saved to \(options.sessionURL.path).")
            }
        }
    }
}

/// `vibekeeper login`: signs in with email and password (or development sign-in) and saves the session.
struct Login: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Sign in and save the session.")

    @Option(help: "Server URL (default: $VIBEKEEPER_SERVER or http://127.0.0.1:8080).") var server: String?
    @Option(help: "Your email address.") var email: String
    @Option(help: "Your password; read from standard input when omitted (without echo on a terminal).") var password: String?
    @Flag(help: "Development sign-in (development servers only): no password.") var dev = false
    @OptionGroup var options: SessionOptions

    func run() async throws {
        let url = try serverURL(server)
        try await reporting(server: url) {
            let api = VibeKeeperAPIClient(baseURL: url, session: VibeKeeperSession(store: FileTokenStore(fileURL: options.sessionURL)))
            let session: StoredSession
            if dev {
                session = try await withProgress("Signing in") { try await api.signInForDevelopment(email: email) }
            } else {
                let secret = try readPassword(password)
                do {
                    session = try await withProgress("Signing in") { try await api.logIn(email: email, password: secret) }
                } catch ClientError.unauthorized(let message) {
                    throw CLIError("sign-in refused: \(message)", exitCode: ClientError.unauthorized(message).exitCode)
                }
            }
            if options.json {
                try printReport(SignedIn(userId: session.userId, email: session.email, server: session.serverUrl, sessionFile: options.sessionURL.path))
            } else {
                print("Signed in to \(url.absoluteString) as \(email) (user \(session.userId)).")
                print("Session saved to \(options.sessionURL.path).")
            }
        }
    }
}

/// `vibekeeper logout`: revokes the session and forgets it. The device's copy goes too, unless it
/// holds changes not sent yet — those are kept for the next sign-in as the same user.
struct Logout: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Sign out and forget the session.")
    @OptionGroup var options: SessionOptions

    func run() async throws {
        try await reporting(server: options.server) {
            let ws = try options.workspace()
            let waiting = await ws.sync.outbox.count + ws.sync.pendingCaptures.filter { $0.failure != nil }.count
            await ws.api.signOut()
            if waiting == 0 {
                try? ws.local.removeAll()
            } else {
                printError("vibekeeper: \(count(waiting, "change")) not sent yet stay on this device; sign in again as the same user and run `vibekeeper sync`.")
            }
            print("Signed out.")
        }
    }
}

// MARK: Capture

/// `vibekeeper capture`: words, a voice recording or a photo → the server extracts the idea. When
/// the server cannot be reached the capture is kept and sent by `vibekeeper sync`.
struct Capture: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Capture a gift idea from your words, a voice recording or a photo.",
        discussion: """
            vibekeeper capture "Mom would love a pottery class for her birthday, about $80"
            vibekeeper capture --voice memo.m4a [--transcript "…"]
            vibekeeper capture --image mug.jpg [--caption "Dad would love a mug like this"]
            """)

    @Argument(help: "What you noticed, in your own words.") var words: [String] = []
    @Option(help: "A voice recording (M4A, WAV or MP3).") var voice: String?
    @Option(help: "What the recording says, when you have its text already.") var transcript: String?
    @Option(help: "A photo (JPEG, PNG, GIF, WebP or HEIC).") var image: String?
    @Option(help: "A caption for the photo.") var caption: String?
    @OptionGroup var options: SessionOptions

    var text: String { words.joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines) }

    func validate() throws {
        if voice != nil, image != nil { throw ValidationError("Give either --voice or --image, not both.") }
        if voice != nil || image != nil, !words.isEmpty {
            throw ValidationError("With a file, words go in --transcript (with --voice) or --caption (with --image).")
        }
        if transcript != nil, voice == nil { throw ValidationError("--transcript goes with --voice.") }
        if caption != nil, image == nil { throw ValidationError("--caption goes with --image.") }
        if voice == nil, image == nil, text.isEmpty { throw ValidationError("Nothing to capture: give some words, --voice FILE or --image FILE.") }
    }

    func run() async throws {
        try await reporting(server: options.server) {
            let ws = try options.workspace()
            let outcome: SyncManager.CaptureOutcome
            if let path = voice ?? image {
                let file: UploadFile
                do { file = try UploadFile.contents(of: URL(fileURLWithPath: path)) } catch { throw CLIError("cannot read \(path): \(error.localizedDescription)") }
                let words = (voice != nil ? transcript : caption)?.trimmingCharacters(in: .whitespacesAndNewlines)
                let capture = PendingCapture(
                    contentType: voice != nil ? .voice : .image, text: words?.isEmpty == false ? words : nil, filename: file.filename, mimeType: file.mimeType,
                    capturedAt: Date())
                let progress = UploadProgress(voice != nil ? "Uploading the recording" : "Uploading the photo")
                defer { progress.finish() }
                outcome = try await ws.sync.capture(capture, file: file.data, progress: progress.callback)
            } else {
                let capture = PendingCapture(contentType: .text, text: text, capturedAt: Date())
                outcome = try await withProgress("Capturing") { try await ws.sync.capture(capture, file: nil) }
            }
            await ws.reportNotices()
            switch outcome {
            case .captured(let result):
                if options.json { try printJSON(result) } else { print(Render.capture(result)) }
            case .queued(let kept):
                // The SDK keeps a capture on any 5xx, but a 501 (say, no speech-to-text on this
                // server) will not go away: give it back now rather than leave it blocking the outbox.
                if case .server(501, _, _)? = await ws.sync.lastInterruption, await ws.sync.outbox.first?.id == kept.id {
                    await ws.sync.discardCapture(kept.id)
                    throw await ws.sync.lastInterruption!
                }
                if options.json { try printReport(QueuedCapture(capture: kept)) }
                try await ws.reportKept()
            }
        }
    }
}

/// What `capture --json` prints for a capture kept on the device.
struct QueuedCapture: Encodable {
    var queued = true
    var capture: PendingCapture
}

// MARK: Search

/// `vibekeeper search WORDS`: the server's search across ideas and contacts (by meaning and words);
/// offline, the device's copy by words.
struct Search: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Search your gift ideas and contacts.")
    @Argument(help: "What to look for.") var words: [String]
    @Option(help: "At most this many results (1–50).") var limit: Int?
    @OptionGroup var options: SessionOptions

    func run() async throws {
        let text = words.joined(separator: " ").trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { throw invalidUsage("nothing to search for.") }
        try await reporting(server: options.server) {
            let ws = try options.workspace()
            let results: SearchResults
            do {
                results = try await withProgress("Searching") { try await ws.api.search(text, limit: limit) }
            } catch ClientError.offline(let detail) {
                await ws.offlineNote(detail)
                results = SearchResults(query: text, results: await ws.sync.searchLocally(text), embedder: "device")
            }
            if options.json { try printJSON(results); return }
            guard !results.results.isEmpty else {
                print("Nothing matches “\(text)”.")
                return
            }
            for hit in results.results {
                let score = String(format: "%.2f", hit.score)
                if let idea = hit.giftIdea {
                    let details = [idea.recipientName.map { "for \($0)" }, idea.occasion, idea.date?.description, Render.budget(idea)].compactMap { $0 }
                    print("\(score)  idea     \(short(idea.id))  \(idea.idea)" + (details.isEmpty ? "" : " — " + details.joined(separator: ", ")))
                } else if let contact = hit.contact {
                    print("\(score)  contact  \(short(contact.id))  \(Render.contactLine(contact))")
                }
            }
        }
    }
}

// MARK: Sync

/// `vibekeeper sync`: sends what was captured or changed offline, in order, then reloads the
/// device's copy; reports what went, what is still queued, and what needs the user.
struct Sync: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Send captures and changes made offline, then bring this device's copy up to date.")
    @Option(name: .customLong("discard"), help: "Drop a capture the server refused (its ID from this report); repeatable.") var discard: [String] = []
    @OptionGroup var options: SessionOptions

    /// What `sync --json` prints.
    struct Report: Encodable {
        var sentCaptures: [PendingCapture]
        var replayedChanges: Int
        var stillQueued: Int
        var refusedCaptures: [PendingCapture]
        var notices: [String]
        var conflicts: [String]
        var ideas: Int?
        var reviewItems: Int?
        var contacts: Int?
        var reminders: Int?
    }

    func run() async throws {
        try await reporting(server: options.server) {
            let ws = try options.workspace()
            for text in discard {
                let kept = await ws.sync.pendingCaptures
                let id = try Lookup.match(text, kind: "kept capture", plural: "captures", kept.map { (id: $0.id.uuidString.lowercased(), names: []) })
                if let capture = kept.first(where: { $0.id.uuidString.lowercased() == id }) { await ws.sync.discardCapture(capture.id) }
                ws.say("Dropped capture \(short(id)).")
            }
            let before = await ws.sync.outbox
            let capturesBefore = await ws.sync.pendingCaptures.filter { $0.failure == nil }
            var interruption: ClientError?
            do {
                try await withProgress("Syncing with \(ws.server.absoluteString)") { try await ws.sync.sync() }
            } catch let error as ClientError {
                interruption = error
            }
            let after = await ws.sync.outbox
            let capturesAfter = await ws.sync.pendingCaptures
            let sent = capturesBefore.filter { capture in !capturesAfter.contains { $0.id == capture.id } }
            let replayed = before.filter { operation in operation.kind != .capture && !after.contains { $0.id == operation.id } }.count
            let refused = capturesAfter.filter { $0.failure != nil }
            let notices = await ws.sync.notices
            for notice in notices { await ws.sync.dismissNotice(notice.id) }
            let snapshot = await ws.sync.current
            let conflicts =
                snapshot.ideas.values.filter { $0.syncStatus == .conflict }.map { "idea \($0.value.id): “\($0.value.idea)”" }
                + snapshot.contacts.values.filter { $0.syncStatus == .conflict }.map { "contact \($0.value.id): \($0.value.name)" }
            let synced = interruption == nil
            let offline: Bool
            if case .offline? = interruption { offline = true } else { offline = false }
            let accepted = snapshot.ideas.values.filter { !$0.value.needsReview }.count

            if options.json {
                try printReport(
                    Report(
                        sentCaptures: sent, replayedChanges: replayed, stillQueued: after.count, refusedCaptures: refused, notices: notices.map(\.message),
                        conflicts: conflicts, ideas: synced ? accepted : nil, reviewItems: synced ? snapshot.ideas.count - accepted : nil,
                        contacts: synced ? snapshot.contacts.count : nil, reminders: synced ? snapshot.reminders.count : nil))
            } else {
                if before.isEmpty { print("Nothing was waiting to be sent.") }
                if !sent.isEmpty {
                    print("Sent \(count(sent.count, "capture")):")
                    for capture in sent { print("  • \(Self.describe(capture))") }
                }
                if replayed > 0 { print("Sent \(count(replayed, "change")) made offline.") }
                for notice in notices { print("Notice: \(notice.message)") }
                for capture in refused {
                    print("Refused, kept here: \(short(capture.id.uuidString.lowercased()))  \(Self.describe(capture)) — \(capture.failure ?? "")")
                    print("  (drop it with `vibekeeper sync --discard \(short(capture.id.uuidString.lowercased()))`)")
                }
                for conflict in conflicts { print("Conflict: \(conflict) changed here and on the server (`vibekeeper ideas|contacts resolve ID --keep mine|server`).") }
                if !after.isEmpty {
                    print("Still queued: \(count(after.count, "change")).")
                    for operation in after {
                        if let capture = capturesAfter.first(where: { $0.id == operation.id }) {
                            let id = short(capture.id.uuidString.lowercased())
                            // Offline, it simply waits; a server that keeps failing it may need it dropped.
                            let hint = offline ? "" : "  (drop it with `vibekeeper sync --discard \(id)`)"
                            print("  • \(id)  \(Self.describe(capture))\(hint)")
                        } else {
                            let entity = operation.entity == .giftIdea ? "idea" : operation.entity.rawValue
                            print("  • \(operation.kind.rawValue) \(entity) \(operation.target.map { short($0.uuidString.lowercased()) } ?? "")")
                        }
                    }
                }
                if synced {
                    print(
                        "Up to date with \(ws.server.absoluteString): \(count(accepted, "idea"))"
                            + (snapshot.ideas.count > accepted ? " (+\(snapshot.ideas.count - accepted) waiting for review)" : "")
                            + ", \(count(snapshot.contacts.count, "contact")), \(count(snapshot.reminders.count, "reminder")).")
                }
            }
            if let interruption { throw interruption }
        }
    }

    static func describe(_ capture: PendingCapture) -> String {
        switch capture.contentType {
        case .text: return "“\(clip(capture.text ?? "", 60))”"
        case .voice: return "recording \(capture.filename ?? "")" + (capture.text.map { " “\(clip($0, 50))”" } ?? "")
        case .image: return "photo \(capture.filename ?? "")" + (capture.text.map { " “\(clip($0, 50))”" } ?? "")
        }
    }
}

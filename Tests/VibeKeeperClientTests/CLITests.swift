import Foundation
import TestSupport
import Testing
import VibeKeeperClient

/// Runs the built `vibekeeper` executable (next to the test bundle in `.build/<triple>/debug/`)
/// against the real server on a real socket, as a user would.
@Suite("vibekeeper command-line client", .serialized, .timeLimit(.minutes(5)))
struct VibeKeeperCLITests {
    typealias Run = ProcessRun

    static var executable: URL { ChildProcess.built("vibekeeper") }

    /// Runs `vibekeeper` with the session file in the environment (as `VIBEKEEPER_SESSION_FILE`).
    static func vibekeeper(_ arguments: [String], session: URL, input: String = "") async throws -> Run {
        try await ChildProcess.run(executable, arguments, environment: ["VIBEKEEPER_SESSION_FILE": session.path], removing: ["VIBEKEEPER_SERVER"], input: input)
    }

    static func launch(_ program: URL, _ arguments: [String]) async throws -> Run {
        try await ChildProcess.run(program, arguments, removing: ["VIBEKEEPER_SERVER"])
    }

    /// A folder for one test's session and files, removed by the caller.
    static func workspace() throws -> (folder: URL, session: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vibekeeper-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return (folder, folder.appendingPathComponent("config/session.json"))
    }

    static func decode<T: Decodable>(_ type: T.Type, _ run: Run) throws -> T {
        try WireFormat.decoder().decode(T.self, from: Data(run.stdout.utf8))
    }

    @Test func aCompleteSessionWithTheCLI() async throws {
        #expect(FileManager.default.isExecutableFile(atPath: Self.executable.path), "build the package first: \(Self.executable.path)")
        let (folder, session) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = folder.appendingPathComponent("mug.jpg")
        try SampleMedia.jpeg(size: 4000).write(to: photo)
        let vk: @Sendable ([String], String) async throws -> Run = { arguments, input in try await Self.vibekeeper(arguments, session: session, input: input) }

        try await withLiveServer(.sqlite) { baseURL, _ in
            let server = baseURL.absoluteString
            // Not signed in yet.
            var run = try await vk(["ideas", "list"], "")
            #expect(run.status == 4, "\(run)")
            #expect(run.stderr.contains("you are not signed in"))

            // Register (the password from standard input), which signs in too.
            run = try await vk(["register", "--server", server, "--email", "cli@example.com", "--name", "Sam"], "correct horse battery\n")
            #expect(run.status == 0, "\(run)")
            #expect(run.stdout.contains("Registered cli@example.com (Sam)."))
            #expect(run.stdout.contains("Signed in to \(server) as cli@example.com"))
            let attributes = try FileManager.default.attributesOfItem(atPath: session.path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)

            run = try await vk(["login", "--server", server, "--email", "cli@example.com", "--password", "not the password"], "")
            #expect(run.status == 4, "\(run)")
            #expect(run.stderr.contains("sign-in refused: Incorrect email or password."))
            run = try await vk(["login", "--server", server, "--email", "cli@example.com", "--password", "correct horse battery", "--json"], "")
            #expect(run.status == 0, "\(run)")
            let userID = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: String])["user_id"]

            run = try await vk(["contacts", "add", "Linda", "--relationship", "mother", "--alias", "Mom", "--alias", "mum"], "")
            #expect(run.status == 0, "\(run)")
            #expect(run.stdout.contains("Added Linda.") && run.stdout.contains("Linda (mother), also “Mom”, “mum”"), "\(run)")

            // A capture in words: the idea with its recipient, occasion and budget.
            run = try await vk(["capture", "Mom would love a pottery class for her birthday, about $80"], "")
            #expect(run.status == 0, "\(run)")
            #expect(run.stdout.hasPrefix("Captured.\npottery class\n"), "\(run)")
            #expect(run.stdout.contains("For:       Linda"))
            #expect(run.stdout.contains("Occasion:  birthday"))
            #expect(run.stdout.contains("Budget:    $80"))
            #expect(!run.stderr.contains("Capturing"), "no progress line when standard error is not a terminal")
            run = try await vk(["capture", "Mom would love a pottery class for her birthday, about $80"], "")
            #expect(run.status == 0 && run.stdout.hasPrefix("Duplicate: you already have this idea"), "\(run)")

            // --json prints the API's shape.
            run = try await vk(["capture", "--json", "Dad wants a fly fishing reel for Christmas"], "")
            #expect(run.status == 0, "\(run)")
            let reel = try Self.decode(CaptureResult.self, run).idea
            #expect(reel.idea == "fly fishing reel" && reel.recipientName == "Dad" && reel.duplicateOf == nil)
            #expect(run.stdout.contains(#""duplicate_of" : null"#), "every field present, as the API writes it")

            run = try await vk(["capture", "hmm"], "")
            #expect(run.status == 0 && run.stdout.contains("needs review"), "\(run)")

            // A photo: uploaded, attached, and its words read from the caption.
            run = try await vk(["capture", "--image", photo.path, "--caption", "Dad would love a blue mug like this for Father's Day, under $30"], "")
            #expect(run.status == 0, "\(run)")
            #expect(run.stdout.contains("blue mug") && run.stdout.contains("Photo:     image/jpeg, 4000 bytes"), "\(run)")
            #expect(run.stdout.contains("Budget:    $30"))
            #expect(!run.stderr.contains("Uploading"))
            #if os(Linux)
                // On a terminal (script(1) provides one) the upload shows its percentage.
                let command =
                    "VIBEKEEPER_SESSION_FILE='\(session.path)' '\(Self.executable.path)' capture --image '\(photo.path)' --caption 'Grandma would love a photo frame for Christmas'"
                let terminal = try await Self.launch(URL(fileURLWithPath: "/usr/bin/script"), ["-qec", command, "/dev/null"])
                #expect(terminal.stdout.contains("Uploading the photo… ") && terminal.stdout.contains("100%"), "\(terminal)")
                #expect(terminal.stdout.contains("photo frame"), "\(terminal)")
            #endif

            // Ideas: list, filters, show by a short id, status, edit, delete.
            run = try await vk(["ideas", "list"], "")
            #expect(run.status == 0, "\(run)")
            #expect(run.stdout.contains("pottery class") && run.stdout.contains("fly fishing reel") && run.stdout.contains("blue mug"), "\(run)")
            #expect(!run.stdout.contains("hmm"), "captures waiting for review are not listed")
            run = try await vk(["ideas", "list", "--recipient", "Mom", "--json"], "")
            let forMom = try Self.decode([GiftIdea].self, run)
            #expect(forMom.map(\.idea) == ["pottery class"], "\(run)")
            let pottery = try #require(forMom.first)
            run = try await vk(["ideas", "list", "--max-price", "50"], "")
            #expect(run.stdout.contains("blue mug") && !run.stdout.contains("pottery class"), "\(run)")

            run = try await vk(["ideas", "show", short(pottery.id)], "")
            #expect(run.status == 0, "\(run)")
            #expect(run.stdout.hasPrefix("pottery class\n") && run.stdout.contains("ID:        \(pottery.id)"), "\(run)")

            run = try await vk(["ideas", "status", short(pottery.id), "purchased"], "")
            #expect(run.status == 0, "\(run)")
            #expect(run.stdout.hasPrefix("Marked “pottery class” as purchased."), "\(run)")

            let date = LocalDate(Date().addingTimeInterval(60 * 86_400), in: TimeZone(identifier: "UTC")!)
            run = try await vk(["ideas", "edit", pottery.id.description, "--date", date.description, "--tags", "Pottery, experience", "--notes", "Saturday class"], "")
            #expect(run.status == 0, "\(run)")
            #expect(run.stdout.hasPrefix("Updated.") && run.stdout.contains("Date:      \(date)"), "\(run)")
            run = try await vk(["ideas", "show", pottery.id.description, "--json"], "")
            let edited = try Self.decode(GiftIdea.self, run)
            #expect(edited.date == date && edited.tags == ["pottery", "experience"] && edited.notes == "Saturday class")
            #expect(edited.status == .purchased && edited.budgetAmount == 80 && edited.recipientId == pottery.recipientId, "only the fields given changed")

            // The dated idea has its automatic reminder.
            run = try await vk(["reminders", "list"], "")
            #expect(run.status == 0, "\(run)")
            #expect(run.stdout.contains("auto  idea \(short(pottery.id))  Don't forget Linda's birthday on"), "\(run)")
            run = try await vk(["reminders", "--json"], "")
            let reminders = try Self.decode([Reminder].self, run)
            #expect(reminders.contains { $0.giftIdeaId == pottery.id && $0.automatic && $0.status == .pending }, "\(run)")

            // Contacts and occasions.
            run = try await vk(["contacts", "add-occasion", "Mom", "--name", "Birthday", "--date", "1960-05-03"], "")
            #expect(run.status == 0, "\(run)")
            #expect(run.stdout.contains("Added Birthday to Linda.") && run.stdout.contains("1960-05-03  Birthday (every year)"), "\(run)")
            run = try await vk(["contacts", "list"], "")
            #expect(run.stdout.split(separator: "\n").contains { $0.contains("Linda") && $0.contains("mother") && $0.contains("Mom, mum") }, "\(run)")
            #expect(run.stdout.contains("Dad"), "the capture's new recipient is a contact")
            run = try await vk(["contacts", "occasions", "linda", "--json"], "")
            #expect(try Self.decode([Occasion].self, run).map(\.name) == ["Birthday"], "\(run)")
            run = try await vk(["contacts", "show", "Mom"], "")
            #expect(run.stdout.hasPrefix("Linda (mother)") && run.stdout.contains("1960-05-03  Birthday (every year)"), "\(run)")

            // Search.
            run = try await vk(["search", "pottery"], "")
            #expect(run.status == 0, "\(run)")
            #expect(run.stdout.contains("idea     \(short(pottery.id))  pottery class — for Linda"), "\(run)")
            run = try await vk(["search", "pottery", "--json"], "")
            #expect(try Self.decode(SearchResults.self, run).results.first?.giftIdea?.id == pottery.id, "\(run)")

            // The review queue: list, then discard.
            run = try await vk(["review", "--json"], "")
            let waiting = try Self.decode([GiftIdea].self, run)
            #expect(waiting.map(\.idea) == ["hmm"], "\(run)")
            run = try await vk(["review"], "")
            #expect(run.stdout.contains("\(short(waiting[0].id))  0.") && run.stdout.contains("1 capture waiting."), "\(run)")
            run = try await vk(["review", "discard", short(waiting[0].id)], "")
            #expect(run.status == 0 && run.stdout.contains("Discarded “hmm”."), "\(run)")
            run = try await vk(["review"], "")
            #expect(run.stdout.contains("Nothing waits for review."), "\(run)")

            // Errors, each with its exit status and one readable message naming what was wrong.
            run = try await vk(["ideas", "status", pottery.id.description, "bogus"], "")
            #expect(run.status == 5 && run.stderr.contains("status: must be one of: idea, purchased, given"), "\(run)")
            run = try await vk(["ideas", "edit", pottery.id.description, "--date", "2027-02-30"], "")
            #expect(run.status == 5 && run.stderr.contains("date: must be a real date written YYYY-MM-DD"), "\(run)")
            run = try await vk(["ideas", "edit", pottery.id.description, "--currency", "EURO"], "")
            #expect(run.status == 5 && run.stderr.contains("budget_currency: must be an ISO 4217 code"), "the server's 422: \(run)")
            run = try await vk(["reminders", "add", pottery.id.description, "--at", "2020-01-01T09:00:00Z"], "")
            #expect(run.status == 5 && run.stderr.contains("scheduled_for: must not be in the past"), "the server's 422: \(run)")
            run = try await vk(["ideas", "show", UUID().uuidString], "")
            #expect(run.status == 6 && run.stderr.contains("not found"), "\(run)")
            run = try await vk(["ideas", "delete", UUID().uuidString], "")
            #expect(run.status == 6, "\(run)")
            run = try await vk(["contacts", "show", "Nobody"], "")
            #expect(run.status == 6 && run.stderr.contains("no contact matches “Nobody”"), "\(run)")
            run = try await vk(["capture", "   "], "")
            #expect(run.status == 64, "\(run)")
            run = try await vk(["ideas", "edit", pottery.id.description], "")
            #expect(run.status == 64 && run.stderr.contains("Nothing to change"), "\(run)")
            run = try await vk(["ideas", "show", pottery.id.description], "")
            #expect(run.stdout.contains("Status:    purchased") && !run.stdout.contains("EURO"), "refused changes changed nothing: \(run)")

            run = try await vk(["ideas", "delete", reel.id.description], "")
            #expect(run.status == 0 && run.stdout.contains("Deleted “fly fishing reel”."), "\(run)")
            run = try await vk(["ideas", "list", "--json"], "")
            #expect(try !Self.decode([GiftIdea].self, run).contains { $0.id == reel.id }, "\(run)")

            // The device's copy lives next to the session file, per user; signing out clears it.
            let store = session.deletingLastPathComponent().appendingPathComponent("store/\(try #require(userID))")
            #expect(FileManager.default.fileExists(atPath: store.appendingPathComponent("snapshot.json").path))
            run = try await vk(["logout"], "")
            #expect(run.status == 0 && run.stdout.contains("Signed out."), "\(run)")
            #expect(!FileManager.default.fileExists(atPath: session.path))
            #expect(!FileManager.default.fileExists(atPath: store.path))
            run = try await vk(["ideas", "list"], "")
            #expect(run.status == 4, "\(run)")
        }
    }

    @Test func aCaptureMadeOfflineIsQueuedAndSentOnceBySync() async throws {
        let (folder, session) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let vk: @Sendable ([String]) async throws -> Run = { arguments in try await Self.vibekeeper(arguments, session: session) }

        try await withLiveServer(.sqlite) { baseURL, _ in
            var run = try await vk(["login", "--server", baseURL.absoluteString, "--email", "offline@example.com", "--dev"])
            #expect(run.status == 0, "\(run)")
            run = try await vk(["capture", "--json", "Dad wants a fly fishing reel for Christmas"])
            let reel = try Self.decode(CaptureResult.self, run).idea

            // The session now points at a port nobody listens on.
            let tokens = FileTokenStore(fileURL: session)
            let signedIn = try #require(try tokens.load())
            var elsewhere = signedIn
            elsewhere.serverUrl = "http://127.0.0.1:9"
            try tokens.save(elsewhere)

            run = try await vk(["capture", "Sis wants noise cancelling headphones for her graduation"])
            #expect(run.status == 0, "a queued capture is not a failure: \(run)")
            #expect(run.stdout.contains("Saved offline; it will be sent by `vibekeeper sync`."), "\(run)")
            run = try await vk(["ideas", "status", short(reel.id), "purchased"])
            #expect(run.status == 0 && run.stdout.contains("Saved offline") && run.stdout.contains("Status:    purchased"), "\(run)")
            run = try await vk(["ideas", "list"])
            #expect(run.status == 0, "\(run)")
            #expect(run.stderr.contains("cannot reach http://127.0.0.1:9; showing this device's copy"), "\(run)")
            #expect(run.stdout.contains("fly fishing reel *") && run.stdout.contains("1 capture and 1 edit waiting to be sent"), "\(run)")
            run = try await vk(["sync"])
            #expect(run.status == 3, "\(run)")
            #expect(run.stdout.contains("Still queued: 2 changes.") && run.stderr.contains("cannot reach the VibeKeeper server at http://127.0.0.1:9"), "\(run)")

            // Back on the real server: sent once, and only once.
            try tokens.save(signedIn)
            run = try await vk(["sync"])
            #expect(run.status == 0, "\(run)")
            #expect(run.stdout.contains("Sent 1 capture:\n  • “Sis wants noise cancelling headphones for her graduation”"), "\(run)")
            #expect(run.stdout.contains("Sent 1 change made offline."), "\(run)")

            run = try await vk(["sync", "--json"])
            #expect(run.status == 0 && run.stdout.contains(#""still_queued" : 0"#) && run.stdout.contains(#""sent_captures" : ["#), "\(run)")
            run = try await vk(["sync"])
            #expect(run.stdout.hasPrefix("Nothing was waiting to be sent."), "\(run)")

            run = try await vk(["ideas", "list", "--json"])
            let ideas = try Self.decode([GiftIdea].self, run)
            #expect(ideas.filter { $0.idea == "noise cancelling headphones" }.count == 1, "\(run)")
            #expect(ideas.first { $0.id == reel.id }?.status == .purchased)
            run = try await vk(["ideas", "list"])
            #expect(!run.stdout.contains("waiting to be sent") && !run.stderr.contains("cannot reach"), "\(run)")
        }
    }
}

/// The first eight characters of an id, as the CLI shows them.
private func short(_ id: some CustomStringConvertible) -> String { String(id.description.prefix(8)) }

import Foundation
import KnotAPI
import KnotClient
import KnotTestSupport
import TestSupport
import Testing

/// Runs the built `knot` executable (next to the test bundle in `.build/<triple>/debug/`) against the
/// real server on a real socket.
@Suite("knot command-line client", .serialized, .timeLimit(.minutes(3)))
struct CLITests {
    typealias Run = ProcessRun

    static var executable: URL { ChildProcess.built("knot") }

    /// Runs `knot` with `arguments` and `input` on standard input, without blocking a Swift
    /// concurrency thread while it runs.
    static func knot(_ arguments: [String], session: URL, input: String = "") async throws -> Run {
        try await ChildProcess.run(executable, arguments + ["--session-file", session.path], input: input)
    }

    /// Runs `program` with `arguments`, feeding `input` to standard input.
    static func launch(_ program: URL, _ arguments: [String], input: String = "") async throws -> Run {
        try await ChildProcess.run(program, arguments, input: input)
    }

    @Test func aCompleteSessionWithTheCLI() async throws {
        #expect(FileManager.default.isExecutableFile(atPath: Self.executable.path), "build the package first: \(Self.executable.path)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("knot-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = folder.appendingPathComponent("config/session.json")
        let vaultFile = folder.appendingPathComponent("vault.json")
        try WireFormat.encoder(pretty: true).encode(EndToEndTests.onboardingVault()).write(to: vaultFile)
        var badVault = EndToEndTests.onboardingVault()
        badVault.interests.removeLast()
        let badFile = folder.appendingPathComponent("bad.json")
        try WireFormat.encoder().encode(badVault).write(to: badFile)

        try await withLiveServer(.sqlite) { baseURL, _ in
            // Not signed in yet.
            var run = try await Self.knot(["hints", "list"], session: session)
            #expect(run.status == 4)
            #expect(run.stderr.contains("not signed in"))

            run = try await Self.knot(["login", "--server", baseURL.absoluteString, "--email", "cli@example.com"], session: session)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("Signed in to \(baseURL.absoluteString) as cli@example.com"))
            let attributes = try FileManager.default.attributesOfItem(atPath: session.path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)

            // The server's field errors reach the user.
            run = try await Self.knot(["vault", "create", "--file", badFile.path], session: session)
            #expect(run.status == 5)
            #expect(run.stderr.contains("interests: must have exactly 5 categories"))

            run = try await Self.knot(["vault", "create", "--file", vaultFile.path], session: session)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("Partner:        Alex"))

            run = try await Self.knot(["vault", "show", "--json"], session: session)
            let vault = try WireFormat.decoder().decode(Vault.self, from: Data(run.stdout.utf8))
            #expect(vault.loveLanguages.primary == .qualityTime)

            let birthday = try #require(vault.milestones.first { $0.milestoneType == .birthday })
            run = try await Self.knot(["recommend", "--milestone", birthday.id.description, "--json"], session: session)
            #expect(run.status == 0, "\(run.stderr)")
            let forBirthday = try WireFormat.decoder().decode(RecommendationBatch.self, from: Data(run.stdout.utf8))
            #expect(forBirthday.milestoneId == birthday.id)
            #expect(forBirthday.occasionType == .majorMilestone)

            run = try await Self.knot(["hints", "add", "She", "wants", "a", "pasta", "maker"], session: session)
            #expect(run.status == 0, "\(run.stderr)")
            run = try await Self.knot(["hints", "add", String(repeating: "x", count: 501)], session: session)
            #expect(run.status != 0)
            run = try await Self.knot(["hints", "list"], session: session)
            #expect(run.stdout.contains("She wants a pasta maker"))
            #expect(!run.stderr.contains("Loading hints"), "no progress line when standard error is not a terminal")
            #if os(Linux)
                // On a terminal (script(1) provides one) a progress line shows while the request runs.
                let command = "'\(Self.executable.path)' hints list --session-file '\(session.path)'"
                let terminal = try await Self.launch(URL(fileURLWithPath: "/usr/bin/script"), ["-qec", command, "/dev/null"])
                #expect(terminal.stdout.contains("Loading hints…"))
                #expect(terminal.stdout.contains("She wants a pasta maker"))
            #endif
            #expect(run.stdout.contains("1 of 1 hints."))
            run = try await Self.knot(["hints", "search", "pasta", "--json"], session: session)
            let search = try WireFormat.decoder().decode(HintSearchResult.self, from: Data(run.stdout.utf8))
            #expect(search.hints.first?.hintText == "She wants a pasta maker")

            run = try await Self.knot(["recommend", "--occasion", "major_milestone"], session: session)
            #expect(run.status == 0, "\(run.stderr)")
            // Three picks side by side: one line carries all three headers.
            #expect(run.stdout.split(separator: "\n").contains { $0.contains("[1]") && $0.contains("[2]") && $0.contains("[3]") })

            run = try await Self.knot(["refresh", "--reason", "show_different", "--json"], session: session)
            #expect(run.status == 0, "\(run.stderr)")
            let batch = try WireFormat.decoder().decode(RecommendationBatch.self, from: Data(run.stdout.utf8))
            #expect(batch.count == 3)
            #expect(batch.rejectionReason == .showDifferent)

            run = try await Self.knot(["refresh", "--reason", "because"], session: session)
            #expect(run.status != 0)
            #expect(run.stderr.contains("--reason must be one of"))

            run = try await Self.knot(["feedback", "2", "--action", "saved"], session: session)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("Recorded “saved” for \(batch.recommendations[1].id)"))

            let exportFile = folder.appendingPathComponent("export.json")
            run = try await Self.knot(["export", "--output", exportFile.path], session: session)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(try String(contentsOf: exportFile, encoding: .utf8).contains("pasta maker"))

            // A session the server no longer honours: the CLI says so and forgets it.
            let saved = try Data(contentsOf: session)
            let store = FileTokenStore(fileURL: session)
            var broken = try #require(try store.load())
            broken.refreshToken = "not-a-refresh-token"
            broken.accessTokenExpiresAt = Date(timeIntervalSince1970: 0)
            try store.save(broken)
            run = try await Self.knot(["hints", "list"], session: session)
            #expect(run.status == 4)
            #expect(run.stderr.contains("you are signed out"))
            #expect(run.stderr.contains("knot login --server \(baseURL.absoluteString)"))
            #expect(!FileManager.default.fileExists(atPath: session.path))
            try saved.write(to: session)

            run = try await Self.knot(["delete-account"], session: session, input: "no\n")
            #expect(run.status != 0)
            run = try await Self.knot(["delete-account"], session: session, input: "DELETE\n")
            #expect(run.status == 0, "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: session.path))
        }

        // The server is gone now.
        let run = try await Self.knot(["login", "--server", "http://127.0.0.1:9", "--email", "cli@example.com"], session: session)
        #expect(run.status == 3)
        #expect(run.stderr.contains("cannot reach the Knot server at http://127.0.0.1:9"))
    }

    @Test func interactiveVaultCreateFollowsTheOnboardingRules() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("knot-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = folder.appendingPathComponent("session.json")
        try await withLiveServer(.sqlite) { baseURL, _ in
            _ = try await Self.knot(["login", "--server", baseURL.absoluteString, "--email", "wizard@example.com"], session: session)
            let answers = [
                "", "", "", "", "",  // an empty name is refused
                "Sam", "12", "Denver", "CO", "",  // name, months, city, state, country (default US)
                "Cooking, Hiking, Coffee, Music",  // only 4 likes: refused
                "Cooking, Hiking, Coffee, Music, Wine",
                "Cooking, Cars, Gaming, Sports, Karaoke",  // a like among dislikes: refused
                "Cars, Gaming, Sports, Karaoke, Shopping",
                "07-04", "", "1,4",  // birthday, no anniversary, Valentine's Day + Christmas
                "vintage, romantic",
                "30-20", "", "",  // max below min is corrected
                "quality_time", "quality_time",  // same secondary: refused
                "quality_time", "acts_of_service",
            ]
            let input = answers.joined(separator: "\n") + "\n"
            let run = try await Self.knot(["vault", "create"], session: session, input: input)
            #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
            #expect(run.stdout.contains("Enter your partner's name."))
            #expect(run.stdout.contains("Pick exactly 5 interests (4 of 5 selected)."))
            #expect(run.stdout.contains("Cooking is already an interest."))
            #expect(run.stdout.contains("Maximum raised to the minimum: $30–$30"))
            #expect(run.stdout.contains("The secondary love language must differ from the primary."))

            let show = try await Self.knot(["vault", "show", "--json"], session: session)
            let vault = try WireFormat.decoder().decode(Vault.self, from: Data(show.stdout.utf8))
            #expect(vault.partnerName == "Sam")
            #expect(vault.interests == ["Cooking", "Music", "Coffee", "Wine", "Hiking"])
            #expect(Set(vault.milestones.map(\.milestoneName)) == ["Sam's Birthday", "Valentine's Day", "Christmas"])
            #expect(vault.budgets.first == Budget(occasionType: .justBecause, minAmount: 3000, maxAmount: 3000))
            #expect(vault.loveLanguages == LoveLanguages(primary: .qualityTime, secondary: .actsOfService))
        }
    }

    @Test func remindersFromTheRealServer() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("knot-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = folder.appendingPathComponent("session.json")
        let vaultFile = folder.appendingPathComponent("vault.json")
        try WireFormat.encoder(pretty: true).encode(EndToEndTests.onboardingVault()).write(to: vaultFile)

        try await withLiveServer(.sqlite) { baseURL, components in
            var run = try await Self.knot(["login", "--server", baseURL.absoluteString, "--email", "reminders@example.com"], session: session)
            #expect(run.status == 0, "\(run.stderr)")
            run = try await Self.knot(["preferences", "--quiet-start", "0", "--quiet-end", "0", "--hide-details"], session: session)
            #expect(run.status == 0 && run.stdout.contains("Lock screen: details hidden"), "\(run.stdout)\(run.stderr)")
            run = try await Self.knot(["vault", "create", "--file", vaultFile.path], session: session)
            #expect(run.status == 0, "\(run.stderr)")

            run = try await Self.knot(["notifications", "upcoming", "--json"], session: session)
            #expect(run.status == 0, "\(run.stderr)")
            let upcoming = try WireFormat.decoder().decode(UpcomingNotifications.self, from: Data(run.stdout.utf8))
            #expect(upcoming.count > 0, "the vault's milestones have reminders")
            let first = try #require(upcoming.notifications.first)

            // Fire the first reminder now, as the scheduler would when it comes due.
            let result = try await components.knot!.reminders.process(.init(first.id.uuid))
            #expect(result.status == "processed" && result.pushDelivered, "\(result)")

            run = try await Self.knot(["notifications", "history"], session: session)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("• ") && run.stdout.contains(first.milestoneName) && run.stdout.contains("sent, 3 picks"), "\(run.stdout)")
            run = try await Self.knot(["notifications", "viewed", first.id.description], session: session)
            #expect(run.status == 0 && run.stdout.hasPrefix("Viewed at "), "\(run.stdout)\(run.stderr)")
            run = try await Self.knot(["notifications", "history", "--json"], session: session)
            let page = try WireFormat.decoder().decode(NotificationHistoryPage.self, from: Data(run.stdout.utf8))
            #expect(page.total == 1 && page.notifications.first?.isViewed == true)
            run = try await Self.knot(["notifications", "viewed", UUID().uuidString], session: session)
            #expect(run.status == 6, "another or unknown reminder is not found")
        }
    }
}

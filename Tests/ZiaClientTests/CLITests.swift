import Foundation
import TestSupport
import Testing
import ZiaClient

/// Runs the built `zia` executable (next to the test bundle in `.build/<triple>/debug/`) against the
/// real server on a real socket, as a user would.
@Suite("zia command-line client", .serialized, .timeLimit(.minutes(5)))
struct ZiaCLITests {
    static var executable: URL { ChildProcess.built("zia") }

    /// A folder for one test's session, removed by the caller, and `zia` run with that session.
    static func workspace() throws -> (folder: URL, zia: @Sendable ([String]) async throws -> ProcessRun) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zia-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let session = folder.appendingPathComponent("config/session.json").path
        return (
            folder,
            { arguments in try await ChildProcess.run(executable, arguments, environment: ["ZIA_SESSION_FILE": session], removing: ["ZIA_SERVER"]) }
        )
    }

    /// Standard output read as the API's JSON.
    static func decode<T: Decodable>(_ type: T.Type, _ run: ProcessRun) throws -> T {
        try WireFormat.decoder().decode(T.self, from: Data(run.stdout.utf8))
    }

    /// `--json` lines of `zia ask`: one object per event.
    static func events(_ run: ProcessRun) throws -> [[String: Any]] {
        try run.stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not a JSON object: \(line)")
        }
    }

    @Test func aHouseholdsWeekFromLoginToPantry() async throws {
        #expect(FileManager.default.isExecutableFile(atPath: Self.executable.path), "build the package first: \(Self.executable.path)")
        let (folder, zia) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }

        try await withLiveServer(.sqlite) { baseURL, _ in
            let server = baseURL.absoluteString
            // Not signed in: the shared message and status.
            var run = try await zia(["pantry", "list"])
            #expect(run.status == 4 && run.stderr.contains("you are not signed in. Run `zia login --server"), "\(run)")

            run = try await zia(["login", "--server", server, "--email", "cli@example.com"])
            #expect(run.status == 0 && run.stdout.contains("Signed in to \(server) as cli@example.com"), "\(run)")

            // The household: a peanut allergy and a kid, from flags.
            run = try await zia(["household", "edit", "--allergies", "peanuts", "--kid", "Sam:7", "--cuisines", "italian, mexican"])
            #expect(run.status == 0 && run.stdout.contains("Allergies:  peanuts") && run.stdout.contains("Kids:       Sam, 7"), "\(run)")
            // What the server refuses is a 422: exit 5, naming the field.
            run = try await zia(["household", "edit", "--kid", "Sam:30"])
            #expect(run.status == 5 && run.stderr.contains("kids[0].age"), "\(run)")
            // From a file: its keys replace the profile's, the rest stays.
            let file = folder.appendingPathComponent("profile.json")
            try Data(#"{"bedtime_preferences": {"bedtime": "19:30", "wind_down_minutes": 20}}"#.utf8).write(to: file)
            run = try await zia(["household", "edit", "--file", file.path, "--json"])
            #expect(run.status == 0, "\(run)")
            let household = try Self.decode(Household.self, run)
            #expect(household.profile.allergies == ["peanuts"] && household.profile.bedtimePreferences.bedtime == "19:30")
            try Data(#"{"kids": [{"name": "Sam", "age": "seven"}]}"#.utf8).write(to: file)
            run = try await zia(["household", "edit", "--file", file.path])
            #expect(run.status == 5 && run.stderr.contains("kids[0].age"), "\(run)")

            // Dinners for the week, as raw events: context first, done last, tokens between, no peanuts.
            run = try await zia(["ask", "plan dinners for the week", "--mode", "meals", "--json"])
            #expect(run.status == 0, "\(run)")
            let events = try Self.events(run)
            let types = events.compactMap { $0["event"] as? String }
            #expect(types.first == "context" && types.last == "done" && types.contains("token"), "\(types)")
            let final = try #require(events.first { $0["event"] as? String == "final" }?["data"] as? [String: Any])
            let recipes = try #require(final["recipes"] as? [[String: Any]])
            #expect(!recipes.isEmpty)
            for recipe in recipes {
                let allergens = (recipe["allergens"] as? [String] ?? []).map { $0.lowercased() }
                #expect(!allergens.contains { $0.contains("peanut") } && !"\(recipe["title"] ?? "")".lowercased().contains("peanut"), "\(recipe)")
            }

            // As text: the answer on standard output, progress apart on standard error; saved.
            run = try await zia(["ask", "plan dinners for the week", "--mode", "meals", "--save"])
            #expect(run.status == 0 && !run.stdout.isEmpty, "\(run)")
            #expect(!run.stdout.contains("· ") && run.stderr.contains("· ") && run.stderr.contains("Saved \""), "\(run)")
            #expect(!run.stdout.lowercased().contains("peanut butter"), "\(run)")

            run = try await zia(["saved", "list"])
            #expect(run.status == 0 && run.stdout.contains("meal_plan"), "\(run)")
            run = try await zia(["saved", "list", "--type", "meal_plan", "--json"])
            let plan = try #require(try Self.decode([Artifact].self, run).first)
            run = try await zia(["saved", "show", String(plan.id.description.prefix(8))])
            #expect(run.status == 0 && run.stdout.contains("Monday:") && run.stdout.contains("Groceries:"), "\(run)")

            // Shopping from the plan: check one item (by name), complete, find it in the pantry.
            run = try await zia(["groceries", "start", "--artifact", plan.id.description])
            #expect(run.status == 0 && run.stdout.contains("Shopping trip"), "\(run)")
            run = try await zia(["groceries", "show", "--json"])
            let trip = try #require(try Self.decode(ActiveGrocerySession.self, run).session)
            let bought = try #require(trip.items.first)
            run = try await zia(["groceries", "check", bought.name])
            #expect(run.status == 0 && run.stdout.contains("[x]") && run.stdout.contains("1 of \(trip.itemsTotal) checked"), "\(run)")
            run = try await zia(["groceries", "complete"])
            #expect(run.status == 0 && run.stdout.contains("Trip completed: 1 of \(trip.itemsTotal) bought."), "\(run)")
            run = try await zia(["pantry", "list"])
            #expect(run.status == 0 && run.stdout.contains(bought.name), "\(run)")

            // Unknown things: exit 6.
            run = try await zia(["saved", "show", UUID().uuidString])
            #expect(run.status == 6, "\(run)")
            run = try await zia(["groceries", "check", "flour"])
            #expect(run.status == 6 && run.stderr.contains("no shopping trip in progress"), "\(run)")
            run = try await zia(["pantry", "rm", "no such thing"])
            #expect(run.status == 6, "\(run)")

            run = try await zia(["logout"])
            #expect(run.status == 0 && run.stdout == "Signed out.\n", "\(run)")
            run = try await zia(["saved", "list"])
            #expect(run.status == 4, "\(run)")
        }
    }
}

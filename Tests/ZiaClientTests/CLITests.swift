import Foundation
import Hummingbird
import Synchronization
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

    @Test(arguments: TestDatabase.allCases)
    func aHouseholdsWeekFromLoginToPantry(_ database: TestDatabase) async throws {
        #expect(FileManager.default.isExecutableFile(atPath: Self.executable.path), "build the package first: \(Self.executable.path)")
        let (folder, zia) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }

        let email = "cli-\(UUID().uuidString.prefix(8))@example.com"
        try await withLiveServer(database) { baseURL, _ in
            let server = baseURL.absoluteString
            // Not signed in: the shared message and status.
            var run = try await zia(["pantry", "list"])
            #expect(run.status == 4 && run.stderr.contains("you are not signed in. Run `zia login --server"), "\(run)")

            run = try await zia(["login", "--server", server, "--email", email])
            #expect(run.status == 0 && run.stdout.contains("Signed in to \(server) as \(email)"), "\(run)")

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
            // A kid's restrictions stay when the kid is edited without them; --allergies says what it drops.
            run = try await zia(["household", "edit", "--kid", "Sam:7:kiwi"])
            #expect(run.status == 0, "\(run)")
            run = try await zia(["household", "edit", "--kid", "Sam:8", "--json"])
            #expect(try Self.decode(Household.self, run).profile.kids.first?.dietaryRestrictions == ["kiwi"], "\(run)")
            run = try await zia(["household", "edit", "--allergies", "peanuts, mango"])
            run = try await zia(["household", "edit", "--allergies", "peanuts"])
            #expect(run.status == 0 && run.stderr.contains("no longer in your allergies: mango"), "\(run)")
            run = try await zia(["household", "edit", "--kid", "Sam:8", "--kid", "Ada:3"])
            run = try await zia(["household", "edit", "--kid", "Sam:8"])
            #expect(run.status == 0 && run.stderr.contains("no longer in your household: Ada"), "\(run)")
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
            // One day swapped: the plan as saved, the other days as they were.
            let monday = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("Monday:") })
            run = try await zia(["plan", "swap", String(plan.id.description.prefix(8)), "tuesday", "--reason", "something vegetarian"])
            #expect(run.status == 0 && run.stdout.contains(String(monday)) && run.stdout.contains("Tuesday:") && run.stdout.contains("Groceries:"), "\(run)")
            run = try await zia(["plan", "swap", plan.id.description, "Funday"])
            #expect(run.status == 5 && run.stderr.contains("day"), "\(run)")

            // A rule the goal states, kept for every plan with --save-rules.
            run = try await zia(["ask", "my son is allergic to sesame, plan dinners for the week", "--save-rules"])
            #expect(run.status == 0, "\(run)")
            run = try await zia(["household", "show", "--json"])
            #expect(try Self.decode(Household.self, run).profile.allergies == ["peanuts", "sesame"], "\(run)")

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

    @Test func refusalsAndAUsedUpQuotaExitWithTheirOwnStatus() async throws {
        let (folder, zia) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await withLiveServer(.sqlite, configure: { $0.appOverrides["ZIA_ASSIST_MONTHLY_QUOTA"] = "1" }) { baseURL, _ in
            var run = try await zia(["login", "--server", baseURL.absoluteString, "--email", "quota-\(UUID().uuidString.prefix(8))@example.com"])
            #expect(run.status == 0, "\(run)")
            run = try await zia(["ask", "Can you diagnose my son's rash?"])
            #expect(run.status == 10 && run.stdout.isEmpty && run.stderr.contains("zia: Zia declined (medical): "), "\(run)")
            // --json: the same status, the refusal among the raw events.
            run = try await zia(["ask", "Can you diagnose my son's rash?", "--json"])
            let refused = try Self.events(run).contains { $0["event"] as? String == "refusal" }
            #expect(run.status == 10 && refused, "\(run)")
            run = try await zia(["ask", "a bedtime routine for a 4 year old", "--mode", "routines"])
            #expect(run.status == 0 && !run.stdout.isEmpty, "\(run)")
            run = try await zia(["ask", "plan dinners for the week"])
            #expect(run.status == 11 && run.stdout.isEmpty && run.stderr.contains("(1 of 1 used; resets "), "\(run)")
            // A goal the server refuses before streaming is its 422, naming the field.
            run = try await zia(["ask", "   "])
            #expect(run.status == 5 && run.stderr.contains("goal"), "\(run)")
            run = try await zia(["ask", "dinner", "--mode", "snacks"])
            #expect(run.status == 64, "\(run)")
        }
    }

    @Test func conversationsPantryRoutinesAndRemindersInTextAndJSON() async throws {
        let (folder, zia) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await withLiveServer(.sqlite) { baseURL, _ in
            var run = try await zia(["login", "--server", baseURL.absoluteString, "--email", "home-\(UUID().uuidString.prefix(8))@example.com"])
            run = try await zia(["ask", "a bedtime routine for a 4 year old", "--save"])
            #expect(run.status == 0, "\(run)")
            run = try await zia(["conversations", "list", "--json"])
            let conversation = try #require(try Self.decode([ConversationSummary].self, run).first)
            // The answer continues the same conversation.
            run = try await zia(["ask", "make it shorter", "--conversation", conversation.id.description])
            #expect(run.status == 0, "\(run)")
            run = try await zia(["conversations", "show", String(conversation.id.description.prefix(8))])
            #expect(run.status == 0 && run.stdout.contains("You: a bedtime routine for a 4 year old") && run.stdout.contains("You: make it shorter"), "\(run)")
            run = try await zia(["conversations", "rm", conversation.id.description])
            #expect(run.status == 0, "\(run)")
            run = try await zia(["conversations", "show", conversation.id.description])
            #expect(run.status == 6, "\(run)")

            // A saved routine runs with its own number of steps.
            run = try await zia(["saved", "list", "--type", "routine", "--json"])
            let routine = try #require(try Self.decode([Artifact].self, run).first)
            run = try await zia(["routine", "start", "--artifact", routine.id.description, "--json"])
            let started = try Self.decode(RoutineRun.self, run)
            #expect(started.stepsTotal > 0 && started.artifactID == routine.id.uuid, "\(run)")
            run = try await zia(["routine", "step"])
            #expect(run.status == 0 && run.stdout.contains("1 of \(started.stepsTotal) steps done"), "\(run)")
            run = try await zia(["routine", "complete"])
            #expect(run.status == 0 && run.stdout.contains("completed"), "\(run)")
            run = try await zia(["routine", "step"])
            #expect(run.status == 6 && run.stderr.contains("no routine in progress"), "\(run)")
            run = try await zia(["routine", "stats"])
            #expect(run.status == 0 && run.stdout.contains("Current streak: 1 day"), "\(run)")

            // Pantry: add, edit by name, a 422 by field, remove.
            run = try await zia(["pantry", "add", "rice", "--quantity", "2", "--unit", "lb"])
            #expect(run.status == 0 && run.stdout.hasPrefix("Added rice (pantry, "), "\(run)")
            run = try await zia(["pantry", "edit", "rice", "--quantity", "1.5"])
            #expect(run.status == 0, "\(run)")
            run = try await zia(["pantry", "list"])
            #expect(run.stdout.contains("1.5 lb") && run.stdout.contains("rice"), "\(run)")
            run = try await zia(["pantry", "add", "flour", "--quantity=-1"])
            #expect(run.status == 5 && run.stderr.contains("quantity"), "\(run)")
            // Numbers JSON cannot carry are refused by the contract's rules before anything is sent.
            for quantity in ["nan", "inf", "-inf"] {
                run = try await zia(["pantry", "edit", "rice", "--quantity=\(quantity)"])
                #expect(run.status == 5 && run.stderr.contains("quantity: must be a number from 0 to 1000000"), "\(quantity): \(run)")
                run = try await zia(["pantry", "add", "flour", "--quantity=\(quantity)"])
                #expect(run.status == 5 && run.stderr.contains("quantity: must be a number from 0 to 1000000"), "\(quantity): \(run)")
            }
            run = try await zia(["pantry", "rm", "rice"])
            #expect(run.status == 0 && run.stdout == "Removed rice.\n", "\(run)")

            // Groceries from a list typed in words.
            run = try await zia(["groceries", "start", "--item", "2 cups flour", "--item", "3 eggs", "--json"])
            let trip = try Self.decode(GrocerySession.self, run)
            #expect(Set(trip.items.map(\.name)) == ["flour", "egg"] || Set(trip.items.map(\.name)) == ["flour", "eggs"], "\(trip.items)")
            run = try await zia(["groceries", "skip", "flour"])
            #expect(run.status == 0 && run.stdout.contains("[-]"), "\(run)")
            run = try await zia(["groceries", "abandon"])
            #expect(run.status == 0 && run.stdout == "Trip abandoned.\n", "\(run)")

            // Reminders: one changed, the others kept; an impossible time is the server's 422.
            run = try await zia(["reminders", "set", "meal", "--on", "--time", "17:30"])
            #expect(run.status == 0 && run.stdout.contains("meal      on   17:30  weekdays"), "\(run)")
            run = try await zia(["reminders", "show", "--json"])
            let reminders = try Self.decode(ReminderSettings.self, run)
            #expect(reminders.meal.enabled && reminders.meal.minute == 30 && !reminders.bedtime.enabled)
            run = try await zia(["reminders", "set", "bedtime", "--time", "25:00"])
            #expect(run.status == 5 && run.stderr.contains("bedtime_reminder.hour"), "\(run)")
        }
    }

    /// `zia ask dinner` against a local server whose stream writes `blocks`, then (when `cut`) drops the connection.
    static func ask(against blocks: [String], cut: Bool) async throws -> ProcessRun {
        let (folder, _) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let router = Router()
        router.post("/zia/v1/assist/stream") { request, _ -> Response in
            // The request read whole first: a connection closed with unread bytes is reset, and a
            // reset can discard what the client had received but not yet read (the last tokens).
            _ = try await request.body.collect(upTo: 1 << 20)
            return Response(
                status: .ok, headers: [.contentType: "text/event-stream"],
                body: ResponseBody { writer in
                    for block in blocks { try await writer.write(ByteBuffer(string: block + "\n\n")) }
                    if cut {
                        // A handler that throws has its connection closed at once, and writes still
                        // queued for the socket are dropped with it (seen once in a loaded run: the
                        // second token never left). The cut comes after the event loop has sent them.
                        try await Task.sleep(for: .milliseconds(500))
                        throw CancellationError()
                    }
                    try await writer.finish(nil)
                })
        }
        return try await withLocalHTTPServer(router, label: "cut-assist") { port in
            let session = folder.appendingPathComponent("session.json")
            try FileTokenStore(fileURL: session).save(
                StoredSession(
                    serverUrl: "http://127.0.0.1:\(port)", userId: UUID().uuidString, accessToken: "a", refreshToken: "r",
                    accessTokenExpiresAt: Date().addingTimeInterval(3600)))
            return try await ChildProcess.run(Self.executable, ["ask", "dinner", "--session-file", session.path])
        }
    }

    static let twoTokens = [#"data: {"event":"token","data":"Monday: "}"#, #"data: {"event":"token","data":"Baked "}"#]

    @Test func aStreamCutOffMidAnswerSaysSoAndExits3() async throws {
        // A server that answers, streams two tokens, then drops the connection.
        let run = try await Self.ask(against: Self.twoTokens, cut: true)
        #expect(run.status == 3, "\(run)")
        #expect(run.stdout == "Monday: Baked \n", "the partial answer, ended with a line break: \(run)")
        #expect(run.stderr.contains("the connection was lost before the answer ended") && !run.stderr.contains("Is it running?"), "\(run)")
    }

    @Test(arguments: ["server_restarting", "stream_interrupted"])
    func anAnswerItsServerStoppedSaysAskAgainAndExits3(_ code: String) async throws {
        // The server stops mid-answer: `error` with its code, then `done`.
        let ending = [
            #"event: error"# + "\n" + #"data: {"event":"error","data":{"error":{"code":"\#(code)","message":"The server is restarting; ask again."}}}"#,
            #"data: {"event":"done","elapsed_ms":3}"#,
        ]
        let run = try await Self.ask(against: Self.twoTokens + ending, cut: false)
        #expect(run.status == 3, "\(run)")
        #expect(run.stdout == "Monday: Baked \n", "the partial answer, ended with a line break: \(run)")
        #expect(run.stderr.contains("cut off because the server restarted") && run.stderr.contains("Ask again"), "\(run)")
        #expect(!run.stderr.contains("the assistant failed"), "\(run)")
    }

    @Test func ctrlCClosesTheStreamAndExits130() async throws {
        let (folder, _) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A server that streams a token every 50 ms for five seconds and notes when its client left.
        let left = Mutex<Bool>(false)
        let router = Router()
        router.post("/zia/v1/assist/stream") { request, _ -> Response in
            // The request read whole first: a connection closed with unread bytes is reset, and a
            // reset can discard what the client had received but not yet read (the last tokens).
            _ = try await request.body.collect(upTo: 1 << 20)
            return Response(
                status: .ok, headers: [.contentType: "text/event-stream"],
                body: ResponseBody { writer in
                    do {
                        for _ in 0..<100 {
                            try await writer.write(ByteBuffer(string: #"data: {"event":"token","data":"word "}"# + "\n\n"))
                            try await Task.sleep(for: .milliseconds(50))
                        }
                        try await writer.finish(nil)
                    } catch {
                        left.withLock { $0 = true }
                        throw error
                    }
                })
        }
        try await withLocalHTTPServer(router, label: "slow-assist") { port in
            let session = folder.appendingPathComponent("session.json")
            try FileTokenStore(fileURL: session).save(
                StoredSession(
                    serverUrl: "http://127.0.0.1:\(port)", userId: UUID().uuidString, accessToken: "a", refreshToken: "r",
                    accessTokenExpiresAt: Date().addingTimeInterval(3600)))
            // Ctrl-C once two tokens have been printed (however long a loaded machine takes to start
            // the binary), then the exit status and what was printed.
            let output = folder.appendingPathComponent("out.txt")
            let run = try await ChildProcess.run(
                URL(fileURLWithPath: "/bin/sh"),
                [
                    "-c",
                    #""$0" ask dinner --session-file "$1" >"$2" & child=$!; i=0; until grep -q "word word" "$2" || [ $i -ge 200 ]; do sleep 0.05; i=$((i+1)); done; kill -INT $child; wait $child"#,
                    Self.executable.path, session.path, output.path,
                ])
            let printed = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
            #expect(run.status == 130 && run.stderr.hasSuffix("zia: cancelled.\n") && printed.hasPrefix("word word "), "\(run) \(printed)")
            #expect(!printed.contains(String(repeating: "word ", count: 100)), "the stream was not read to its end")
            #expect(try await eventually(every: .milliseconds(50)) { left.withLock { $0 } }, "the server saw the connection close")
        }
    }
}

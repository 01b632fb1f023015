import AppServer
import FareLens
import FareLensClient
import Foundation
import PlatformCore
import TestSupport
import Testing

/// Runs the built `farelens` executable (next to the test bundle in `.build/<triple>/debug/`)
/// against the real server on a real socket (offline fare model), as a user would.
@Suite("farelens command-line client", .serialized, .timeLimit(.minutes(5)))
struct FareLensCLITests {
    static var executable: URL { ChildProcess.built("farelens") }

    /// A folder for one test's session, removed by the caller, and `farelens` run with that session.
    static func workspace() throws -> (folder: URL, farelens: @Sendable ([String]) async throws -> ProcessRun) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("farelens-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let session = folder.appendingPathComponent("config/session.json").path
        return (
            folder,
            { arguments in
                try await ChildProcess.run(executable, arguments, environment: ["FARELENS_SESSION_FILE": session], removing: ["FARELENS_SERVER"])
            }
        )
    }

    /// Standard output read as the API's JSON.
    static func decode<T: Decodable>(_ type: T.Type, _ run: ProcessRun) throws -> T {
        try WireFormat.decoder().decode(T.self, from: Data(run.stdout.utf8))
    }

    @Test("login → airports → search → deals → deal --history → watch → book (click recorded) → alerts → points → tier; exit 4, 5, 6", arguments: TestDatabase.allCases)
    func aTravellersSession(_ database: TestDatabase) async throws {
        #expect(FileManager.default.isExecutableFile(atPath: Self.executable.path), "build the package first: \(Self.executable.path)")
        let (folder, farelens) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let email = "fl-cli-\(UUID().uuidString.prefix(8))@example.com"
        let today = LocalDate(Date(), in: TimeZone(identifier: "UTC")!)
        let departure = today.adding(days: 30)

        // Its own database: the search must answer from the offline model, not a cache an earlier run
        // warmed, and the click is counted by its sub id.
        try await withIsolatedLiveServer(database, configure: { $0.apps = [FareLensApp.id] }) { baseURL, server in
            let server = server
            let app = try #require(server.app(FareLensApp.self))
            // Not signed in: the shared message, exit 4.
            var run = try await farelens(["deals"])
            #expect(run.status == 4 && run.stderr.contains("you are not signed in. Run `farelens login --server"), "\(run)")

            run = try await farelens(["login", "--server", baseURL.absoluteString, "--email", email])
            #expect(run.status == 0 && run.stdout.contains("Signed in to \(baseURL.absoluteString) as \(email)"), "\(run)")

            run = try await farelens(["airports", "new", "york"])
            #expect(run.status == 0 && run.stdout.contains("New York (NYC)") && run.stdout.contains("JFK"), "\(run)")

            // A real answer from the offline model: a table of offers, nothing stale.
            run = try await farelens(["search", "LAX", "JFK", departure.description, "--adults", "2", "--max", "5"])
            #expect(run.status == 0 && run.stdout.contains("PRICE") && run.stdout.contains("LAX→JFK") && run.stdout.contains("(offline)"), "\(run)")
            #expect(run.stdout.contains("$") && !run.stderr.contains("may be out of date"), "\(run)")
            // Codes in lower case are the same codes, as in every other command.
            run = try await farelens(["search", "lax", "jfk", departure.description, "--max", "3"])
            #expect(run.status == 0 && run.stdout.contains("LAX→JFK"), "\(run)")
            run = try await farelens(["search", "LAX", "JFK", departure.adding(days: 1).description, "--json"])
            let offers = try Self.decode(FlightOffersResponse.self, run)
            #expect(offers.meta?.source == .offline && !offers.data.isEmpty, "\(run)")

            // A listed deal on the searched route (the feed's own ranking decides the rest).
            let score = DealScore(score: 85, tier: .exceptional, percentile: 20, confidence: 1, explanation: [])
            try await app.deals.record([
                DealCandidate(
                    origin: "LAX", destination: "JFK", departureDate: departure, airline: "UA", priceCents: 18_950, currency: "USD", provider: .offline, score: score,
                    expiresAt: Date().addingTimeInterval(3600))
            ])
            run = try await farelens(["deals", "--from", "LAX", "--to", "JFK", "--airlines", "UA", "--json"])
            #expect(run.status == 0, "\(run)")
            let deal = try #require(try Self.decode(FareLensList<Deal>.self, run).data.first { $0.priceCents == 18_950 })
            run = try await farelens(["deals", "--from", "LAX"])
            #expect(run.status == 0 && run.stdout.contains(deal.id.description) && run.stdout.contains("$189.50") && run.stdout.contains("exceptional"), "\(run)")
            run = try await farelens(["deals", "--airlines", "U"])
            #expect(run.status == 5 && run.stderr.contains("airlines"), "\(run)")
            // --max-price is in dollars, and so is what it says when out of range.
            run = try await farelens(["deals", "--max-price", "0"])
            #expect(run.status == 5 && run.stderr.contains("max_price") && run.stderr.contains("from $0.01 to $") && !run.stderr.contains("cents"), "\(run)")
            run = try await farelens(["deals", "--max-price", "-5"])
            #expect(run.status == 5 && run.stderr.contains("max_price"), "\(run)")

            // The deal with its route's price history as a sparkline.
            run = try await farelens(["deal", deal.id.description, "--history", "--json"])
            let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run)")
            #expect(Set(report.keys) == ["deal", "price_history"] && (report["deal"] as? [String: Any])?["deal"] != nil, "\(run)")
            run = try await farelens(["deal", deal.id.description, "--history"])
            #expect(run.status == 0 && run.stdout.contains("DealScore:  85 (exceptional)") && run.stdout.contains("Price history LAX→JFK"), "\(run)")
            #expect(run.stdout.contains { "▁▂▃▄▅▆▇█".contains($0) } && run.stdout.contains("min $") && run.stdout.contains("latest $"), "\(run)")

            // Watch the route, list it, check it now.
            run = try await farelens([
                "watch", "add", "LAX", "JFK", "--max-price", "300", "--from", today.adding(days: 20).description, "--to", today.adding(days: 40).description, "--json",
            ])
            #expect(run.status == 0, "\(run)")
            let watchlist = try Self.decode(Watchlist.self, run)
            #expect(watchlist.maxPriceCents == 30_000 && watchlist.origin == "LAX")
            run = try await farelens(["watch", "list"])
            #expect(run.status == 0 && run.stdout.contains(watchlist.id.description) && run.stdout.contains("$300.00") && run.stdout.contains("active"), "\(run)")
            run = try await farelens(["watch", "check"])
            #expect(run.status == 0 && run.stdout.contains("\(watchlist.id): lowest $"), "\(run)")
            run = try await farelens(["watch", "pause", watchlist.id.description])
            #expect(run.status == 0 && run.stdout.contains("(paused)"), "\(run)")
            run = try await farelens(["watch", "resume", watchlist.id.description])
            #expect(run.status == 0 && !run.stdout.contains("(paused)"), "\(run)")
            run = try await farelens(["watch", "add", "LAX", "JFK", "--from", "2027-02-30"])
            #expect(run.status == 5 && run.stderr.contains("departure_from"), "\(run)")

            // The Free limit (2 active) is the server's refusal, exit 12, after the request's own checks; paused ones do not count.
            run = try await farelens(["watch", "add", "sfo", "lax", "--json"])
            #expect(run.status == 0, "\(run)")
            let second = try Self.decode(Watchlist.self, run)
            run = try await farelens(["watch", "add", "SFO", "JFK"])
            #expect(
                run.status == 12
                    && run.stderr == "farelens: refused: Free accounts can keep 2 watchlists; delete or pause one, or upgrade to Pro for unlimited watchlists\n",
                "\(run)")
            run = try await farelens(["watch", "add", "LAX", "LAX"])
            #expect(run.status == 5 && run.stderr.contains("destination"), "a bad request at the limit is still a bad request: \(run)")
            run = try await farelens(["watch", "add", "LAX", "JFK", "--max-price", "0"])
            #expect(run.status == 5 && run.stderr.contains("max_price: must be an amount from $0.01 to $100000.00"), "in dollars: \(run)")
            run = try await farelens(["watch", "pause", second.id.description])
            #expect(run.status == 0, "\(run)")
            run = try await farelens(["watch", "add", "SFO", "JFK", "--json"])
            #expect(run.status == 0, "\(run)")
            let third = try Self.decode(Watchlist.self, run)
            run = try await farelens(["watch", "resume", second.id.description])
            #expect(run.status == 12 && run.stderr.contains("farelens: refused: Free accounts can keep 2 watchlists"), "\(run)")
            // `watch check` without ids checks the active ones only.
            run = try await farelens(["watch", "check"])
            #expect(run.status == 0 && run.stdout.contains("\(watchlist.id): lowest") && run.stdout.contains("\(third.id): lowest"), "\(run)")
            #expect(!run.stdout.contains(second.id.description), "paused, so not checked: \(run)")
            run = try await farelens(["watch", "rm", third.id.description])
            #expect(run.status == 0, "\(run)")
            run = try await farelens(["watch", "rm", second.id.description])
            #expect(run.status == 0, "\(run)")

            // Book: the link carries this user's sub_id, and the click is recorded with it.
            run = try await farelens(["book", deal.id.description])
            #expect(run.status == 0 && run.stdout.contains("sub_id=ios-fl-") && run.stdout.contains("Click recorded"), "\(run)")
            run = try await farelens(["book", deal.id.description, "--placement", "widget", "--provider", "AVIASALES", "--json"])
            #expect(run.status == 0, "\(run)")
            let booked = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            let link = try #require((booked["link"] as? [String: Any])?["url"] as? String)
            let click = try #require(booked["click"] as? [String: Any])
            let subID = try #require(URLComponents(string: link)?.queryItems?.first { $0.name == "sub_id" }?.value)
            #expect(subID.hasPrefix("ios-fl-") && subID.contains("-widget-") && click["sub_id"] as? String == subID && click["provider"] as? String == "aviasales")
            let recorded = try await server.database.read { db in
                try await db.raw("SELECT COUNT(*) AS n FROM farelens_affiliate_clicks WHERE sub_id = \(bind: subID)").first()?.decode(column: "n", as: Int.self)
            }
            #expect(recorded == 1)
            run = try await farelens(["book", deal.id.description, "--placement", "poster"])
            #expect(run.status == 5 && run.stderr.contains("placement"), "\(run)")

            // Alerts: history (none yet without a scheduled run), a mute and its undo, the threshold.
            run = try await farelens(["alerts"])
            #expect(run.status == 0 && run.stdout.contains("No alerts yet"), "\(run)")
            run = try await farelens(["alerts", "mute", "--airline", "UA", "--json"])
            #expect(run.status == 0, "\(run)")
            let mute = try Self.decode(AlertMute.self, run)
            run = try await farelens(["alerts", "prefs", "--threshold", "85"])
            #expect(run.status == 0 && run.stdout.contains("DealScore 85") && run.stdout.contains("Muted airlines: UA"), "\(run)")
            run = try await farelens(["alerts", "unmute", mute.id.description])
            #expect(run.status == 0 && run.stdout == "Unmuted.\n", "\(run)")
            run = try await farelens(["alerts", "prefs", "--threshold", "20"])
            #expect(run.status == 5 && run.stderr.contains("immediate_threshold"), "\(run)")

            // The points vault.
            run = try await farelens(["points", "add", "card", "Amex", "MR", "--balance", "120000", "--json"])
            #expect(run.status == 0, "\(run)")
            let program = try Self.decode(PointsProgram.self, run)
            run = try await farelens(["points", "edit", program.id.description, "--balance", "125000"])
            #expect(run.status == 0 && run.stdout.contains("125000 points"), "\(run)")
            run = try await farelens(["points"])
            #expect(run.status == 0 && run.stdout.contains(program.name) && run.stdout.contains("125000"), "\(run)")
            run = try await farelens(["points", "bonuses"])
            #expect(run.status == 0, "\(run)")
            // Names with emoji, flags and accents line up in the table (names the catalog does not know,
            // so they are kept as typed).
            let named = [("🛫 Zed Club 🇫🇷", 14), ("Zoë e\u{301}lite", 9)]  // display columns; 16 and 10 UTF-16 units
            for (name, _) in named {
                run = try await farelens(["points", "add", "airline", name, "--balance", "1000"])
                #expect(run.status == 0, "\(run)")
            }
            run = try await farelens(["points"])
            let header = try #require(run.stdout.split(separator: "\n").first.map(String.init), "\(run)")
            let name = try #require(header.range(of: "NAME")), balance = try #require(header.range(of: "BALANCE"))
            let column = header.distance(from: name.lowerBound, to: balance.lowerBound)  // ASCII: characters are columns
            for (text, width) in named {
                #expect(run.stdout.contains(text + String(repeating: " ", count: column - width) + "1000\n"), "\(text): \(run)")
            }

            // The tier: shown, then switched on a development server.
            run = try await farelens(["tier"])
            #expect(run.status == 0 && run.stdout.contains("Tier:               free") && run.stdout.contains("Watchlists:         up to 2"), "\(run)")
            run = try await farelens(["tier", "--set", "PRO", "--json"])
            #expect(run.status == 0, "\(run)")
            #expect(try Self.decode(FareLensAccount.self, run).tier == .pro)
            run = try await farelens(["tier", "--set", "gold"])
            #expect(run.status == 5 && run.stderr.contains("tier"), "\(run)")

            // Pro has no limit: more than 20 active watchlists are all checked, in requests of 20.
            for _ in 0..<21 {
                run = try await farelens(["watch", "add", "LAX", "JFK"])
                #expect(run.status == 0, "\(run)")
            }
            run = try await farelens(["watch", "check"])
            #expect(run.status == 0 && run.stdout.components(separatedBy: ": lowest").count - 1 == 22, "\(run)")

            // Unknown ids: exit 6, asked or not.
            for arguments in [
                ["deal", UUID().uuidString], ["deal", "nonsense"], ["watch", "rm", UUID().uuidString], ["points", "rm", "x"], ["watch", "check", UUID().uuidString],
                ["watch", "check", "nope"], ["watch", "pause", "nope"], ["book", "nope"],
            ] {
                run = try await farelens(arguments)
                #expect(run.status == 6, "\(arguments): \(run)")
            }
            // A search the server refuses: exit 5, naming the field.
            run = try await farelens(["search", "LAX", "JFK", "2020-01-01"])
            #expect(run.status == 5 && run.stderr.contains("departureDate"), "\(run)")
            // Numbers that are not numbers, too large or negative: exit 5 naming the field, like any value.
            for (arguments, field) in [
                (["alerts", "--limit", "abc"], "limit"), (["deals", "--limit", "1e20"], "limit"), (["watch", "list", "--limit", "-1"], "limit"),
                (["search", "LAX", "JFK", departure.description, "--adults", "1e20"], "adults"),
                (["search", "LAX", "JFK", departure.description, "--adults", "-1"], "adults"), (["alerts", "prefs", "--threshold", "abc"], "immediate_threshold"),
                (["points", "add", "card", "Chase UR", "--balance", "-1"], "balance"), (["points", "edit", program.id.description, "--balance", "x"], "balance"),
            ] {
                run = try await farelens(arguments)
                #expect(run.status == 5 && run.stderr.contains(field), "\(arguments): \(run)")
            }

            run = try await farelens(["logout"])
            #expect(run.status == 0 && run.stdout == "Signed out.\n", "\(run)")
            run = try await farelens(["watch", "list"])
            #expect(run.status == 4, "\(run)")
        }
    }
}

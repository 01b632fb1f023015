import ArgumentParser
import CLISupport
import ClientCore
import Foundation
import PlatformAPI
import TestFakes
import Testing

/// A CLI as a new app would declare it, for the shared support's rules.
private enum SampleCLI: CommandLineApp {
    static let app = AppID("sample-app")
    static let displayName = "Sample"
    static let jsonHelp = "Print JSON."
    static let loginNeedsEmail = true
}

/// The same without `--email` at sign-in, and its own wording for a 422.
private enum TerseCLI: CommandLineApp {
    static let app = AppID("terse")
    static let displayName = "Terse"
    static let jsonHelp = "Print JSON."
    static let loginNeedsEmail = false
    static let validationLead = "the server rejected the request"
}

private struct Unexpected: Error {}

/// A CLI on the shared `login`/`logout`, `--email` required.
private enum SignInCLI: DevelopmentSignInApp {
    static let app = AppID("sign-in-app")
    static let displayName = "SignIn"
    static let jsonHelp = "Print JSON."
    static let loginNeedsEmail = true
    static func apiClient(server: URL, store: FileTokenStore) -> ClientCore.APIClient {
        ClientCore.APIClient(baseURL: server, routes: PlatformRoutes(app: app), session: ClientSession(store: store), transport: CommandLineTransport.make())
    }
}

/// The same with an email of its own when none is given (as `knot login` does).
private enum DefaultEmailCLI: DevelopmentSignInApp {
    static let app = AppID("default-email-app")
    static let displayName = "DefaultEmail"
    static let jsonHelp = "Print JSON."
    static let loginNeedsEmail = false
    static let emailHelp = "Email (default: <user>@here)."
    static func defaultEmail(environment: [String: String]) -> String? { "\(environment["USER"] ?? "me")@here" }
    static func apiClient(server: URL, store: FileTokenStore) -> ClientCore.APIClient { SignInCLI.apiClient(server: server, store: store) }
}

@Suite("CLI support: what every app's command-line client shares")
struct CLISupportTests {
    @Test func theExitStatusTableIsClientErrorsOwn() {
        let table = ExitStatus.table
        #expect(table.map(\.code) == table.map(\.code).sorted() && Set(table.map(\.code)).count == table.count, "ascending, each code once")
        let kinds: [ClientError] = [
            .offline(""), .unauthorized(""), .reauthenticationRequired(""), .validation(message: "", fields: []), .notFound(""), .rateLimited(retryAfter: 1),
            .conflict(status: 412, code: nil, message: ""), .decoding(""), .server(status: 503, code: nil, message: ""),
        ]
        for kind in kinds { #expect(table.contains { $0.code == kind.exitCode }, "\(kind) exits with \(kind.exitCode), which the table lists") }
        #expect(table.first { $0.code == ClientError.unauthorized("").exitCode }?.meaning == "not signed in")
        #expect(table.last?.code == 64 && table.first?.code == 1)
        #expect(
            SampleCLI.exitStatusHelp(doneNote: " (a capture or change saved offline counts)")
                == "Exit status: 0 done (a capture or change saved offline counts), 1 other failure, 3 server unreachable, 4 not signed in, 5 invalid input, 6 not found, 7 rate limited, 8 fresh sign-in needed, 9 conflict, 12 refused, 64 usage."
        )
    }

    @Test func aForbiddenAnswerIsARefusalNotAServerFailure() async {
        let refused = ClientError.server(status: 403, code: "tier_limit", message: "Free accounts can keep 2 watchlists.")
        #expect(ExitStatus.code(for: refused) == ExitStatus.refused && ExitStatus.refused == 12)
        #expect(ExitStatus.table.contains { $0.code == 12 && $0.meaning == "refused" })
        #expect(SampleCLI.explain(refused, server: nil) == "refused: Free accounts can keep 2 watchlists.")
        #expect(ExitStatus.code(for: refusal("over the limit")) == 12 && SampleCLI.explain(refusal("over the limit"), server: nil) == "refused: over the limit")
        // Other statuses keep their kinds: a 500 is the server failing, a 409 a conflict.
        #expect(ExitStatus.code(for: .server(status: 500, code: nil, message: "")) == 1 && ExitStatus.code(for: .conflict(status: 409, code: nil, message: "")) == 9)
        #expect(SampleCLI.explain(.server(status: 500, code: nil, message: "boom"), server: nil) == "the server failed (HTTP 500): boom")
        do {
            try await SampleCLI.reporting { () throws -> Void in throw refused }
            Issue.record("a refusal passed")
        } catch {
            #expect((error as? ExitCode)?.rawValue == 12)
        }
    }

    @Test func notSignedInIsOneMessageWithTheSignedOutStatus() {
        let sample = CLIError.notSignedIn(SampleCLI.self), terse = CLIError.notSignedIn(TerseCLI.self)
        #expect(sample.exitCode == ClientError.unauthorized("").exitCode && terse.exitCode == sample.exitCode)
        #expect(sample.description == "you are not signed in. Run `sample-app login --server http://127.0.0.1:8080 --email you@example.com` first.")
        #expect(terse.description == "you are not signed in. Run `terse login --server http://127.0.0.1:8080` first.")
    }

    @Test func reportingGivesEachFailureItsStatus() async throws {
        func status(_ error: any Error) async -> Int32? {
            do {
                try await SampleCLI.reporting { () throws -> Void in throw error }
                return nil
            } catch let exit as ExitCode {
                return exit.rawValue
            } catch {
                return nil
            }
        }
        #expect(await status(ClientError.validation(message: "x", fields: [])) == 5)
        #expect(await status(ClientError.offline("x")) == 3)
        #expect(await status(CLIError.notSignedIn(SampleCLI.self)) == 4)
        #expect(await status(CLIError("plain")) == 1)
        #expect(await status(Unexpected()) == 1, "anything else is a failure with a message, not a crash")
        #expect(await status(ExitCode(42)) == 42, "an exit already decided passes through")
        #expect(try await SampleCLI.reporting { 7 } == 7)
    }

    @Test func explanationsNameTheAppAndHowToSignIn() {
        let server = URL(string: "http://example.test:8080")!
        #expect(SampleCLI.explain(.offline("refused"), server: server) == "cannot reach the Sample server at http://example.test:8080. Is it running? (refused)")
        #expect(
            SampleCLI.explain(.unauthorized("expired"), server: server)
                == "you are signed out (expired). Run `sample-app login --server http://example.test:8080 --email …` to sign in again.")
        #expect(TerseCLI.explain(.unauthorized("expired"), server: nil) == "you are signed out (expired). Run `terse login --server the server` to sign in again.")
        let fields = [FieldError(field: "name", message: "must not be empty")]
        #expect(SampleCLI.explain(.validation(message: "Invalid.", fields: fields), server: nil) == "invalid request:\n  • name: must not be empty")
        #expect(TerseCLI.explain(.validation(message: "Invalid.", fields: []), server: nil) == "the server rejected the request: Invalid.")
        #expect(SampleCLI.explain(.rateLimited(retryAfter: 1.2), server: nil) == "too many requests; try again in 2 seconds.")
    }

    @Test func sessionFileAndServerComeFromOptionThenEnvironmentThenDefault() throws {
        #expect(SampleCLI.sessionVariable == "SAMPLE_APP_SESSION_FILE" && SampleCLI.serverVariable == "SAMPLE_APP_SERVER")
        let environment = ["SAMPLE_APP_SESSION_FILE": "/env/session.json", "SAMPLE_APP_SERVER": "https://env.test", "XDG_CONFIG_HOME": "/xdg"]
        #expect(SampleCLI.sessionURL(option: "/given.json", environment: environment).path == "/given.json")
        #expect(SampleCLI.sessionURL(option: nil, environment: environment).path == "/env/session.json")
        #expect(SampleCLI.sessionURL(option: nil, environment: ["SAMPLE_APP_SESSION_FILE": ""]).lastPathComponent == "session.json")
        #expect(SampleCLI.sessionURL(option: nil, environment: [:]).deletingLastPathComponent().lastPathComponent == "sample-app")
        #expect(try SampleCLI.serverURL("http://given.test", environment: environment).absoluteString == "http://given.test")
        #expect(try SampleCLI.serverURL(nil, environment: environment).absoluteString == "https://env.test")
        #expect(try SampleCLI.serverURL(nil, environment: [:]).absoluteString == "http://127.0.0.1:8080")
        for bad in ["ftp://files.test", "not a url", "http://"] {
            #expect(throws: ExitCode.validationFailure, "\(bad)") { try SampleCLI.serverURL(bad, environment: [:]) }
        }
    }

    @Test func sessionOptionsParseAndDescribeTheirDefaults() throws {
        let options = try SessionOptions<SampleCLI>.parse(["--session-file", "/tmp/x/session.json", "--json"])
        #expect(options.json && options.sessionURL.path == "/tmp/x/session.json" && options.folder.path == "/tmp/x")
        let help = SessionOptions<SampleCLI>.helpMessage(columns: 200)
        #expect(help.contains("Session file (default: $SAMPLE_APP_SESSION_FILE or ~/.config/sample-app/session.json)."), "\(help)")
        #expect(help.contains("Print JSON."))
        let missing = try SessionOptions<SampleCLI>.parse(["--session-file", "/nonexistent-\(UUID().uuidString)/session.json"])
        do {
            _ = try missing.signedIn()
            Issue.record("no session file, yet signed in")
        } catch let error as CLIError {
            #expect(error.description == CLIError.notSignedIn(SampleCLI.self).description && error.exitCode == 4)
        }
    }

    @Test func oneLoginAndLogoutServeEveryDevelopmentSignInApp() throws {
        // The commands are named as users type them, whatever the app.
        #expect(DevelopmentLogin<SignInCLI>._commandName == "login" && Logout<SignInCLI>._commandName == "logout")
        // `--email` is required where the app has no email of its own: a usage error (64) before anything is sent.
        do {
            _ = try DevelopmentLogin<SignInCLI>.parseAsRoot(["--server", "http://127.0.0.1:1"])
            Issue.record("login parsed without --email")
        } catch {
            #expect(DevelopmentLogin<SignInCLI>.exitCode(for: error) == .validationFailure)
            #expect(DevelopmentLogin<SignInCLI>.message(for: error).contains("--email"))
        }
        _ = try DevelopmentLogin<SignInCLI>.parseAsRoot(["--email", "a@b.c"])
        // An app with its own default needs none, and says which in its help.
        _ = try DevelopmentLogin<DefaultEmailCLI>.parseAsRoot([])
        let help = DevelopmentLogin<DefaultEmailCLI>.helpMessage(columns: 400)
        #expect(help.contains("Email (default: <user>@here).") && help.contains("$DEFAULT_EMAIL_APP_SERVER"), "\(help)")
        #expect(DevelopmentLogin<SignInCLI>.helpMessage(columns: 400).contains("Your email address."))
    }

    @Test func tablesAndTextLayout() {
        #expect(table(["ID", "NAME", "NOTE"], [["1", "Linda", ""], ["22", "Al", "x"]]) == "ID  NAME   NOTE\n1   Linda\n22  Al     x", "columns padded, trailing spaces trimmed")
        #expect(wrap("a bb ccc dddddddd", width: 4) == ["a bb", "ccc", "dddd", "dddd"])
        #expect(sideBySide([["a", "bb"], ["c"]], width: 3, gap: " | ") == "a   | c\nbb  |")
        #expect(clip("abcdef", 4) == "abc…" && clip("abc", 4) == "abc")
        #expect(count(1, "idea") == "1 idea" && count(2, "idea") == "2 ideas" && count(2, "reply", "replies") == "2 replies")
        #expect(short("0123456789abcdef") == "01234567")
    }

    @Test func layoutMeasuresAndPadsInDisplayColumns() {
        // As people see them: a combining mark adds nothing, an emoji, a flag or a ZWJ family is two
        // columns, a wide East Asian character two.
        #expect(displayWidth("e\u{301}te\u{301}") == 3 && displayWidth("Zoë") == 3 && displayWidth("🛫") == 2 && displayWidth("🇫🇷") == 2)
        #expect(displayWidth("✈\u{FE0F}") == 2 && displayWidth("✈") == 1 && displayWidth("👨‍👩‍👧") == 2 && displayWidth("東京") == 4)
        let names = ["🛫 Paris", "Zoë", "e\u{301}te\u{301}", "🇫🇷 Lyon", "✈\u{FE0F} Air 東京", "👨‍👩‍👧 x"]
        let laidOut = table(["NAME", "N"], names.enumerated().map { [$1, String($0)] })
        let lines = laidOut.split(separator: "\n").map(String.init)
        #expect(lines.count == names.count + 1)
        // Every line's last column starts at the same display column, and no name was cut.
        #expect(Set(lines.map { displayWidth($0.dropLast()) }).count == 1, "\(laidOut)")
        for name in names { #expect(laidOut.contains(name)) }
        #expect(lines[1] == "🛫 Paris     0" && lines[4] == "🇫🇷 Lyon      3", "\(laidOut)")
        #expect(pad("🇫🇷", to: 4) == "🇫🇷  " && pad("e\u{301}", to: 2) == "e\u{301} ")
        #expect(sideBySide([["🛫", "ab"], ["c"]], width: 3, gap: "|") == "🛫 |c\nab |")
        #expect(clip("🛫🛫🛫", 4) == "🛫…" && clip("🇫🇷🇫🇷", 4) == "🇫🇷🇫🇷" && clip("e\u{301}e\u{301}e\u{301}", 2) == "e\u{301}…")
        #expect(wrap("🛫🛫🛫 ab", width: 4) == ["🛫🛫", "🛫", "ab"])
        #expect(wrap("🛫", width: 1) == ["🛫"], "a character wider than the line still makes progress")
    }
}

/// The built CLIs, run as a user would: one "not signed in", one exit-status table.
@Suite("knot, vibekeeper and zia share their CLI support", .serialized, .timeLimit(.minutes(2)))
struct SharedCLIBehaviourTests {
    static let signedOut = ClientError.unauthorized("").exitCode

    static func run(_ name: String, _ arguments: [String]) async throws -> ProcessRun {
        try await ChildProcess.run(
            ChildProcess.built(name), arguments,
            removing: [
                "KNOT_SESSION_FILE", "KNOT_SERVER", "VIBEKEEPER_SESSION_FILE", "VIBEKEEPER_SERVER", "ZIA_SESSION_FILE", "ZIA_SERVER",
            ])
    }

    @Test func everyCLISaysNotSignedInTheSameWayWithTheSameStatus() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cli-support-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = folder.appendingPathComponent("session.json").path

        let knot = try await Self.run("knot", ["hints", "list", "--session-file", session])
        #expect(knot.status == Self.signedOut, "\(knot)")
        #expect(knot.stderr == "knot: you are not signed in. Run `knot login --server http://127.0.0.1:8080` first.\n", "\(knot)")
        let vibekeeper = try await Self.run("vibekeeper", ["ideas", "list", "--session-file", session])
        #expect(vibekeeper.status == Self.signedOut, "\(vibekeeper)")
        #expect(
            vibekeeper.stderr == "vibekeeper: you are not signed in. Run `vibekeeper login --server http://127.0.0.1:8080 --email you@example.com` first.\n",
            "\(vibekeeper)")
        let zia = try await Self.run("zia", ["pantry", "list", "--session-file", session])
        #expect(zia.status == Self.signedOut, "\(zia)")
        #expect(zia.stderr == "zia: you are not signed in. Run `zia login --server http://127.0.0.1:8080 --email you@example.com` first.\n", "\(zia)")

        // A session file that cannot be read: the same status, and how to sign in again.
        try Data("not json".utf8).write(to: URL(fileURLWithPath: session))
        for (name, arguments) in [("knot", ["vault", "show"]), ("vibekeeper", ["contacts", "list"]), ("zia", ["saved", "list"]), ("zia", ["logout"])] {
            let run = try await Self.run(name, arguments + ["--session-file", session])
            #expect(run.status == Self.signedOut && run.stderr.contains("is unreadable") && run.stderr.contains("Run `\(name) login` again."), "\(run)")
            #expect(run.stderr.contains("it does not hold a saved session") && !run.stderr.contains("DecodingError"), "said in words: \(run)")
        }
    }

    @Test func everyCLIPrintsTheOneExitStatusTable() async throws {
        for name in ["knot", "vibekeeper", "zia"] {
            let run = try await Self.run(name, ["--help"])
            #expect(run.status == 0, "\(run)")
            let text = run.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            for row in ExitStatus.table { #expect(text.contains("\(row.code) \(row.meaning)"), "\(name) --help lists \(row.code): \(run.stdout)") }
        }
    }
}

import ArgumentParser
import ClientCore
import Foundation

/// Options every command that talks to the server shares, the same in every app's CLI: where the
/// session lives (`--session-file`, else `$<APP>_SESSION_FILE`, else `~/.config/<app>/session.json`)
/// and how to print (`--json`). An app's CLI extends it with what it keeps next to the session.
public struct SessionOptions<App: CommandLineApp>: ParsableArguments, Sendable {
    @Option(
        name: .customLong("session-file"),
        help: ArgumentHelp("Session file (default: $\(App.sessionVariable) or ~/.config/\(App.app.rawValue)/session.json)."))
    public var sessionFile: String?

    @Flag(name: .customLong("json"), help: ArgumentHelp(App.jsonHelp))
    public var json = false

    public init() {}

    /// The session file in use.
    public var sessionURL: URL { App.sessionURL(option: sessionFile) }

    /// The folder the session file sits in, where a CLI keeps what belongs with the session.
    public var folder: URL { sessionURL.deletingLastPathComponent() }

    /// The stored session (nil when signed out or unreadable).
    public var storedSession: StoredSession? { try? FileTokenStore(fileURL: sessionURL).load() }

    /// The server of the stored session, for messages.
    public var server: URL? { storedSession?.serverUrl.flatMap(URL.init(string:)) }

    /// Prints `value` under `--json` — in the app's ``CommandLineApp/jsonStyle`` (the API's JSON), or
    /// in `style` for a report of the CLI's own — else `text(value)`.
    public func show<Value: Encodable>(_ value: Value, style: JSONStyle? = nil, _ text: (Value) -> String) throws {
        if json { try printJSON(value, style ?? App.jsonStyle) } else { print(text(value)) }
    }

    /// Runs `body` with what `make` opens from these options — the signed-in SDK (``run(_:)``), an
    /// app's offline workspace, a store kept beside the session — every failure, `make`'s too,
    /// explained on standard error with its exit status (``ExitStatus``), the session's server named.
    public func run<Context>(opening make: (Self) throws -> Context, _ body: (Context) async throws -> Void) async throws {
        try await App.reporting(server: server) { try await body(try make(self)) }
    }

    /// Runs `body`, a command that signs in to `server` (so there is no session to open yet), every
    /// failure explained as in ``run(opening:_:)``, naming that server.
    public func run(signingInTo server: URL, _ body: () async throws -> Void) async throws {
        try await App.reporting(server: server, body)
    }

    /// The signed-in session, to build the app's API client on; fails with the one "not signed in"
    /// message and exit status (``CLIError/notSignedIn(_:)``) when there is none.
    public func signedIn() throws -> SignedInSession {
        let store = FileTokenStore(fileURL: sessionURL)
        let stored: StoredSession?
        do { stored = try store.load() } catch {
            // Why, in words: not the decoder's internals.
            let reason = error is DecodingError ? "it does not hold a saved session" : (error as NSError).localizedFailureReason ?? error.localizedDescription
            throw CLIError(
                "the session file \(sessionURL.path) is unreadable (\(reason)). Run `\(App.command) login` again.", exitCode: CLIError.signedOutExitCode)
        }
        guard let stored, let server = stored.serverUrl.flatMap(URL.init(string:)) else { throw CLIError.notSignedIn(App.self) }
        return SignedInSession(store: store, stored: stored, server: server)
    }
}

extension SessionOptions where App: SDKCommandLineApp {
    /// The SDK of the signed-in user; fails with the shared "not signed in" when there is none.
    public func api() throws -> App.SDK {
        let signedIn = try signedIn()
        return App.api(server: signedIn.server, store: signedIn.store)
    }

    /// Runs `body` with the signed-in user's SDK, every failure explained with its exit status.
    public func run(_ body: (App.SDK) async throws -> Void) async throws {
        try await run(opening: { try $0.api() }, body)
    }
}

import ArgumentParser
import Foundation
import VibeKeeperClient

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Options every command that talks to the server shares: where the session (and, next to it, the
/// device's offline copy) lives and how to print.
struct SessionOptions: ParsableArguments {
    @Option(
        name: .customLong("session-file"), help: "Session file (default: $VIBEKEEPER_SESSION_FILE or ~/.config/vibekeeper/session.json).")
    var sessionFile: String?

    @Flag(name: .customLong("json"), help: "Print JSON in the API's shape instead of text.")
    var json = false

    var sessionURL: URL {
        if let sessionFile { return URL(fileURLWithPath: sessionFile) }
        if let path = ProcessInfo.processInfo.environment["VIBEKEEPER_SESSION_FILE"], !path.isEmpty { return URL(fileURLWithPath: path) }
        return FileTokenStore.vibeKeeperURL
    }

    /// The stored session (nil when signed out or unreadable).
    var storedSession: StoredSession? { try? FileTokenStore(fileURL: sessionURL).load() }

    /// The server of the stored session, for messages.
    var server: URL? { storedSession?.serverUrl.flatMap(URL.init(string:)) }

    /// The device's copy of one account's data and its outbox: `store/<user id>/` next to the
    /// session file, so signing in as someone else never mixes two accounts, and changes kept
    /// through a sign-out are found again by the next sign-in as the same user.
    func storeDirectory(user: String) -> URL {
        sessionURL.deletingLastPathComponent().appendingPathComponent("store").appendingPathComponent(Self.folderName(user))
    }

    /// A user id as a folder name (only letters, digits and dashes).
    static func folderName(_ user: String) -> String {
        let name = String(user.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) || $0 == "-" }.map(Character.init))
        return name.isEmpty ? "user" : name
    }

    /// The API and the offline store of the signed-in user; fails with exit status 4 when there is
    /// no session.
    func workspace() throws -> Workspace {
        let store = FileTokenStore(fileURL: sessionURL)
        let stored: StoredSession?
        do { stored = try store.load() } catch {
            throw CLIError("the session file \(sessionURL.path) is unreadable (\(error)). Run `vibekeeper login` again.", exitCode: 4)
        }
        guard let stored, let server = stored.serverUrl.flatMap(URL.init(string:)) else {
            throw CLIError("you are not signed in. Run `vibekeeper login --server http://127.0.0.1:8080 --email you@example.com` first.", exitCode: 4)
        }
        let api = VibeKeeperAPIClient(baseURL: server, session: VibeKeeperSession(store: store))
        let local = FileLocalStore(directory: storeDirectory(user: stored.userId))
        try StoreLock.acquire(local.directory)
        return Workspace(api: api, sync: SyncManager(api: api, store: local), local: local, json: json)
    }
}

/// What a signed-in command works with: the typed API (for reads straight from the server) and the
/// SDK's offline-first `SyncManager` (every change goes through it, so it is kept and queued when
/// the server cannot be reached).
struct Workspace: Sendable {
    let api: VibeKeeperAPIClient
    let sync: SyncManager
    let local: FileLocalStore
    /// `--json`: standard output carries only JSON.
    let json: Bool

    var server: URL { api.baseURL }

    /// Brings the device's copy up to date before a change (replays anything queued, reloads the
    /// rest), so the change is made against the server's latest version. Returns false when the
    /// server cannot be reached: the change is then made on the local copy and queued.
    @discardableResult
    func refresh() async throws -> Bool {
        let queued = await sync.outbox.count
        do {
            try await sync.sync()
        } catch ClientError.offline {
            return false
        }
        let sent = queued - (await sync.outbox.count)
        if sent > 0 { printError("Sent \(sent) change\(sent == 1 ? "" : "s") queued earlier.") }
        return true
    }

    /// Prints (to standard error) and forgets what the last replay has to tell: changes the server
    /// refused, entities deleted on another device.
    func reportNotices() async {
        for notice in await sync.notices {
            printError("vibekeeper: \(notice.message)")
            await sync.dismissNotice(notice.id)
        }
    }

    /// After a change the SDK kept on the device instead of sending: says so. Offline, that is
    /// expected (exit 0); any other reason (signed out, the server failing) is raised so the user
    /// hears what to do.
    func reportKept() async throws {
        switch await sync.lastInterruption {
        case .offline, nil:
            say("Saved offline; it will be sent by `vibekeeper sync`.")
        case let reason?:
            say("Kept on this device; `vibekeeper sync` will send it once this is sorted out:")
            throw reason
        }
    }

    /// Prints a value a change produced, after saying how the change went: done (`done`), kept
    /// offline, or — in a conflict — both versions kept, which exits with status 9 and says how to settle it.
    func show(_ value: some Encodable, status: SyncStatus, done: String, text: String, resolve: String) async throws {
        await reportNotices()
        switch status {
        case .synced: if !json { print(done) }
        case .pending: try await reportKept()
        case .conflict: break
        }
        if json { try printJSON(value) } else { print(text) }
        if status == .conflict {
            throw ClientError.conflict(
                status: 412, code: "precondition_failed",
                message: "it was changed on the server meanwhile. Both versions are kept on this device: settle it with `\(resolve) --keep mine|server`.")
        }
    }

    /// Says (on standard error) that the server could not be reached and what is shown instead.
    func offlineNote(_ detail: String) async {
        let when = await sync.current.lastSyncedAt.map { " (last synced \(Render.instant($0)))" } ?? ""
        printError("vibekeeper: cannot reach \(server.absoluteString); showing this device's copy\(when).")
    }

    /// A line for the user: standard output, or standard error under `--json` (which keeps
    /// standard output to the JSON).
    func say(_ text: String) {
        if json { printError(text) } else { print(text) }
    }
}

/// A failure the CLI explains in one sentence, with its exit status (1 unless said otherwise).
struct CLIError: Error, CustomStringConvertible {
    let description: String
    let exitCode: Int32
    init(_ description: String, exitCode: Int32 = 1) {
        self.description = description
        self.exitCode = exitCode
    }
}

/// Prints to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// Runs `body`, turning every failure into a readable message on standard error and the exit status
/// of its kind (see ``ClientError/exitCode``).
func reporting<T>(server: URL? = nil, _ body: () async throws -> T) async throws -> T {
    do {
        return try await body()
    } catch let error as ClientError {
        printError("vibekeeper: " + explain(error, server: server))
        throw ExitCode(error.exitCode)
    } catch let error as CLIError {
        printError("vibekeeper: \(error.description)")
        throw ExitCode(error.exitCode)
    } catch let error as ExitCode {
        throw error
    } catch let error as CleanExit {
        throw error
    } catch let error as ValidationError {
        throw error
    } catch {
        printError("vibekeeper: \(error.localizedDescription)")
        throw ExitCode.failure
    }
}

/// The message for a failed request: which field was wrong, that the server is unreachable, or that
/// the user is signed out and how to sign in again.
func explain(_ error: ClientError, server: URL?) -> String {
    let place = server?.absoluteString ?? "the server"
    switch error {
    case .offline(let detail):
        return "cannot reach the VibeKeeper server at \(place). Is it running? (\(detail))"
    case .unauthorized(let detail):
        return "you are signed out (\(detail)). Run `vibekeeper login --server \(place) --email …` to sign in again."
    case .reauthenticationRequired(let detail):
        return "the server wants a fresh sign-in first (\(detail))."
    case .validation(let message, let fields):
        guard !fields.isEmpty else { return "invalid request: \(message)" }
        return "invalid request:\n" + fields.map { "  • \($0.field): \($0.message)" }.joined(separator: "\n")
    case .notFound(let detail):
        return "not found: \(detail)"
    case .rateLimited(let retryAfter):
        return retryAfter.map { "too many requests; try again in \(Int($0.rounded(.up))) seconds." } ?? "too many requests; try again later."
    case .conflict(_, _, let message):
        return "conflict: \(message)"
    case .decoding(let message):
        return "the server's answer was unreadable (is the CLI older than the server?): \(message)"
    case .server(let status, _, let message):
        return "the server failed (HTTP \(status)): \(message)"
    }
}

/// A value the server would refuse, caught before sending: exit status 5 like the server's 422,
/// naming the field as the server does.
func invalidField(_ field: String, _ message: String) -> ClientError {
    .validation(message: "Invalid \(field).", fields: [FieldError(field: field, message: message)])
}

/// Reports a wrong argument found while running (after parsing) and returns exit status 64.
func invalidUsage(_ message: String) -> ExitCode {
    printError("vibekeeper: \(message)")
    return ExitCode.validationFailure
}

// MARK: Terminal

/// A spinner on standard error while `body` runs — only when standard error is a terminal, so
/// scripts and `--json` output stay clean.
@MainActor
func withProgress<T: Sendable>(_ message: String, _ body: () async throws -> T) async throws -> T {
    guard isatty(2) == 1 else { return try await body() }
    let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    FileHandle.standardError.write(Data("\r\(frames[0]) \(message)…".utf8))
    let spinner = Task {
        var index = 1
        while !Task.isCancelled {
            try? await Task.sleep(nanoseconds: 100_000_000)
            if Task.isCancelled { break }
            FileHandle.standardError.write(Data("\r\(frames[index % frames.count]) \(message)…".utf8))
            index += 1
        }
    }
    defer {
        spinner.cancel()
        FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
    }
    return try await body()
}

/// An upload's percentage on standard error (when it is a terminal), from the SDK's progress
/// callback. Callbacks may come from any thread and out of order: the figure only moves forward.
final class UploadProgress: @unchecked Sendable {
    // @unchecked Sendable: `shown` is only read or written while holding `lock`.
    private let lock = NSLock()
    private var shown = -1
    let label: String
    let enabled: Bool

    init(_ label: String) {
        self.label = label
        self.enabled = isatty(2) == 1
    }

    /// The callback to hand the SDK (nil when nothing would be shown).
    var callback: (@Sendable (Double) -> Void)? {
        guard enabled else { return nil }
        return { [self] share in self.report(share) }
    }

    func report(_ share: Double) {
        let percent = Int((min(1, max(0, share)) * 100).rounded(.down))
        let advanced = lock.withLock {
            guard percent > shown else { return false }
            shown = percent
            return true
        }
        if advanced { FileHandle.standardError.write(Data("\r\(label)… \(percent)%".utf8)) }
    }

    /// Clears the progress line.
    func finish() {
        guard enabled, lock.withLock({ shown >= 0 }) else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
    }
}

/// Reads a password: `given`, else without echo from a terminal, else one line of standard input.
func readPassword(_ given: String?) throws -> String {
    if let given { return given }
    if isatty(0) == 1 {
        guard let pointer = getpass("Password: ") else { throw CLIError("no password given.", exitCode: 64) }
        return String(cString: pointer)
    }
    guard let line = readLine(strippingNewline: true), !line.isEmpty else {
        throw CLIError("no password: pass --password or write it to standard input.", exitCode: 64)
    }
    return line
}

// MARK: Output

/// Pretty JSON exactly as the API writes it (its own keys, `null` for empty fields, timestamps to
/// the millisecond).
func printJSON(_ value: some Encodable) throws {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .custom { date, encoder in
        var container = encoder.singleValueContainer()
        try container.encode(WireFormat.formatDate(date))
    }
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    print(String(decoding: try encoder.encode(value), as: UTF8.self))
}

/// Pretty JSON of the CLI's own reports (snake_case keys, empty fields left out).
func printReport(_ value: some Encodable) throws {
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    encoder.dateEncodingStrategy = .custom { date, encoder in
        var container = encoder.singleValueContainer()
        try container.encode(WireFormat.formatDate(date))
    }
    encoder.userInfo[.omitsNullFields] = true
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    print(String(decoding: try encoder.encode(value), as: UTF8.self))
}

/// Lays out rows as left-aligned columns two spaces apart, the last column unpadded.
func table(_ header: [String], _ rows: [[String]]) -> String {
    let all = [header] + rows
    let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
    return all.map { row in
        var line = row.indices.map { column in
            column == row.count - 1 ? row[column] : row[column].padding(toLength: widths[column], withPad: " ", startingAt: 0)
        }.joined(separator: "  ")
        while line.hasSuffix(" ") { line.removeLast() }
        return line
    }.joined(separator: "\n")
}

/// `text` cut to `width` characters with an ellipsis.
func clip(_ text: String, _ width: Int) -> String {
    text.count <= width ? text : String(text.prefix(width - 1)) + "…"
}

/// The first eight characters of an id: enough to type back (IDs may be given as a unique prefix).
func short(_ id: some CustomStringConvertible) -> String { String(id.description.prefix(8)) }

/// "1 idea" / "2 ideas".
func count(_ number: Int, _ noun: String, _ plural: String? = nil) -> String {
    "\(number) \(number == 1 ? noun : plural ?? noun + "s")"
}

/// One `vibekeeper` at a time per offline store: each run loads the store, changes it and saves it
/// whole, so a `sync` running beside a `capture` would otherwise write over the queued capture. The
/// lock (flock on `store/<user>/.lock`) is held until the process exits; a second run waits for it.
enum StoreLock {
    nonisolated(unsafe) private static var descriptor: Int32 = -1

    static func acquire(_ directory: URL) throws {
        guard descriptor < 0 else { return }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let fd = open(directory.appendingPathComponent(".lock").path, O_CREAT | O_RDWR, 0o600)
        guard fd >= 0 else { throw CLIError("cannot open the lock of the offline store in \(directory.path).") }
        if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            printError("vibekeeper: waiting for another vibekeeper command to finish…")
            guard flock(fd, LOCK_EX) == 0 else { throw CLIError("cannot lock the offline store in \(directory.path).") }
        }
        descriptor = fd
    }
}

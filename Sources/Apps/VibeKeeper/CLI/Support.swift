import ArgumentParser
import CLISupport
import Foundation
import VibeKeeperClient

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `vibekeeper` command as the shared CLI support sees it: VibeKeeper's session folder,
/// variables (`VIBEKEEPER_SESSION_FILE`, `VIBEKEEPER_SERVER`) and wording.
enum CLI: CommandLineApp {
    static let app = AppID.vibekeeper
    static let displayName = "VibeKeeper"
    static let jsonHelp = "Print JSON in the API's shape instead of text."
    static let loginNeedsEmail = true
}

/// `--session-file` and `--json`, as every `vibekeeper` command takes them.
typealias SessionOptions = CLISupport.SessionOptions<CLI>

extension SessionOptions {
    /// The device's copy of one account's data and its outbox: `store/<user id>/` next to the
    /// session file, so signing in as someone else never mixes two accounts, and changes kept
    /// through a sign-out are found again by the next sign-in as the same user.
    func storeDirectory(user: String) -> URL {
        folder.appendingPathComponent("store").appendingPathComponent(Self.folderName(user))
    }

    /// A user id as a folder name (only letters, digits and dashes).
    static func folderName(_ user: String) -> String {
        let name = String(user.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) || $0 == "-" }.map(Character.init))
        return name.isEmpty ? "user" : name
    }

    /// The API and the offline store of the signed-in user; fails with the shared "not signed in"
    /// when there is no session.
    func workspace() throws -> Workspace {
        let signedIn = try signedIn()
        let api = VibeKeeperAPIClient(baseURL: signedIn.server, session: VibeKeeperSession(store: signedIn.store), transport: CommandLineTransport.make())
        let local = FileLocalStore(directory: storeDirectory(user: signedIn.stored.userId))
        try StoreLock.acquire(local.directory)
        return Workspace(api: api, sync: SyncManager(api: api, store: local), local: local, options: self)
    }

    /// Runs `body` in the signed-in user's ``workspace()`` (opened, and its store locked, first),
    /// every failure explained with its exit status: what `run` on the SDK is to the other apps'
    /// commands (``CLISupport/SessionOptions/run(opening:_:)``).
    func run(_ body: (Workspace) async throws -> Void) async throws {
        try await run(opening: { try $0.workspace() }, body)
    }
}

/// What a signed-in command works with: the typed API (for reads straight from the server) and the
/// SDK's offline-first `SyncManager` (every change goes through it, so it is kept and queued when
/// the server cannot be reached).
struct Workspace: Sendable {
    let api: VibeKeeperAPIClient
    let sync: SyncManager
    let local: FileLocalStore
    /// The command's options: how it prints (``SessionOptions/show(_:style:_:)``).
    let options: SessionOptions

    /// `--json`: standard output carries only JSON.
    var json: Bool { options.json }

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
        try options.show(value) { _ in text }
        if status == .conflict {
            throw ClientError.conflict(
                status: 412, code: "precondition_failed",
                message: "it was changed on the server meanwhile. Both versions are kept on this device: settle it with `\(resolve) --keep mine|server`.")
        }
    }

    /// After a delete of `target`: kept offline when still queued, refused (the 412 saying `what`
    /// was changed on the server meanwhile) when the store still holds it, else done; `--json`
    /// prints the id deleted.
    func reportDeleted(_ target: UUID, what: String, done: String, stillStored: () async -> Bool) async throws {
        await reportNotices()
        if await sync.outbox.contains(where: { $0.target == target }) {
            try await reportKept()
        } else if await stillStored() {
            throw ClientError.conflict(status: 412, code: "precondition_failed", message: "not deleted: \(what) was changed on the server meanwhile.")
        } else {
            say(done)
        }
        if json { try printJSON(Deleted(deleted: target.lowercasedString), .snakeCase) }
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

import ArgumentParser
import CLISupport
import Foundation
import VibeKeeperClient

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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

import ArgumentParser
import CLISupport
import Foundation
import VibeKeeperClient

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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

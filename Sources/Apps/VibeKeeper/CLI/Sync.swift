import ArgumentParser
import CLISupport
import Foundation
import VibeKeeperClient

/// `vibekeeper sync`: sends what was captured or changed offline, in order, then reloads the
/// device's copy; reports what went, what is still queued, and what needs the user.
struct Sync: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Send captures and changes made offline, then bring this device's copy up to date.")
    @Option(name: .customLong("discard"), help: "Drop a capture the server refused (its ID from this report); repeatable.") var discard: [String] = []
    @OptionGroup var options: SessionOptions

    /// What `sync --json` prints.
    struct Report: Encodable {
        var sentCaptures: [PendingCapture]
        var replayedChanges: Int
        var stillQueued: Int
        var refusedCaptures: [PendingCapture]
        var notices: [String]
        var conflicts: [String]
        var ideas: Int?
        var reviewItems: Int?
        var contacts: Int?
        var reminders: Int?
    }

    func run() async throws {
        try await options.run { ws in
            for text in discard {
                let kept = await ws.sync.pendingCaptures
                let id = try Lookup.match(text, kind: "kept capture", plural: "captures", kept.map { (id: $0.id.uuidString.lowercased(), names: []) })
                if let capture = kept.first(where: { $0.id.uuidString.lowercased() == id }) { await ws.sync.discardCapture(capture.id) }
                ws.say("Dropped capture \(short(id)).")
            }
            let before = await ws.sync.outbox
            let capturesBefore = await ws.sync.pendingCaptures.filter { $0.failure == nil }
            var interruption: ClientError?
            do {
                try await withProgress("Syncing with \(ws.server.absoluteString)") { try await ws.sync.sync() }
            } catch let error as ClientError {
                interruption = error
            }
            let after = await ws.sync.outbox
            let capturesAfter = await ws.sync.pendingCaptures
            let sent = capturesBefore.filter { capture in !capturesAfter.contains { $0.id == capture.id } }
            let replayed = before.filter { operation in operation.kind != .capture && !after.contains { $0.id == operation.id } }.count
            let refused = capturesAfter.filter { $0.failure != nil }
            let notices = await ws.sync.notices
            for notice in notices { await ws.sync.dismissNotice(notice.id) }
            let snapshot = await ws.sync.current
            let conflicts =
                snapshot.ideas.values.filter { $0.syncStatus == .conflict }.map { "idea \($0.value.id): “\($0.value.idea)”" }
                + snapshot.contacts.values.filter { $0.syncStatus == .conflict }.map { "contact \($0.value.id): \($0.value.name)" }
            let synced = interruption == nil
            let offline: Bool
            if case .offline? = interruption { offline = true } else { offline = false }
            let accepted = snapshot.ideas.values.filter { !$0.value.needsReview }.count

            let report = Report(
                sentCaptures: sent, replayedChanges: replayed, stillQueued: after.count, refusedCaptures: refused, notices: notices.map(\.message),
                conflicts: conflicts, ideas: synced ? accepted : nil, reviewItems: synced ? snapshot.ideas.count - accepted : nil,
                contacts: synced ? snapshot.contacts.count : nil, reminders: synced ? snapshot.reminders.count : nil)
            // The CLI's own report: snake_case under `--json`.
            try options.show(report, style: .snakeCase) { _ in
                var lines: [String] = []
                if before.isEmpty { lines.append("Nothing was waiting to be sent.") }
                if !sent.isEmpty {
                    lines.append("Sent \(count(sent.count, "capture")):")
                    for capture in sent { lines.append("  • \(Self.describe(capture))") }
                }
                if replayed > 0 { lines.append("Sent \(count(replayed, "change")) made offline.") }
                for notice in notices { lines.append("Notice: \(notice.message)") }
                for capture in refused {
                    lines.append("Refused, kept here: \(short(capture.id.uuidString.lowercased()))  \(Self.describe(capture)) — \(capture.failure ?? "")")
                    lines.append("  (drop it with `vibekeeper sync --discard \(short(capture.id.uuidString.lowercased()))`)")
                }
                for conflict in conflicts { lines.append("Conflict: \(conflict) changed here and on the server (`vibekeeper ideas|contacts resolve ID --keep mine|server`).") }
                if !after.isEmpty {
                    lines.append("Still queued: \(count(after.count, "change")).")
                    for operation in after {
                        if let capture = capturesAfter.first(where: { $0.id == operation.id }) {
                            let id = short(capture.id.uuidString.lowercased())
                            // Offline, it simply waits; a server that keeps failing it may need it dropped.
                            let hint = offline ? "" : "  (drop it with `vibekeeper sync --discard \(id)`)"
                            lines.append("  • \(id)  \(Self.describe(capture))\(hint)")
                        } else {
                            let entity = operation.entity == .giftIdea ? "idea" : operation.entity.rawValue
                            lines.append("  • \(operation.kind.rawValue) \(entity) \(operation.target.map { short($0.uuidString.lowercased()) } ?? "")")
                        }
                    }
                }
                if synced {
                    lines.append(
                        "Up to date with \(ws.server.absoluteString): \(count(accepted, "idea"))"
                            + (snapshot.ideas.count > accepted ? " (+\(snapshot.ideas.count - accepted) waiting for review)" : "")
                            + ", \(count(snapshot.contacts.count, "contact")), \(count(snapshot.reminders.count, "reminder")).")
                }
                return lines.joined(separator: "\n")
            }
            if let interruption { throw interruption }
        }
    }

    static func describe(_ capture: PendingCapture) -> String {
        switch capture.contentType {
        case .text: return "“\(clip(capture.text ?? "", 60))”"
        case .voice: return "recording \(capture.filename ?? "")" + (capture.text.map { " “\(clip($0, 50))”" } ?? "")
        case .image: return "photo \(capture.filename ?? "")" + (capture.text.map { " “\(clip($0, 50))”" } ?? "")
        }
    }
}

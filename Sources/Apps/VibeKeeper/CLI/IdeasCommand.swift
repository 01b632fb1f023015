import ArgumentParser
import CLISupport
import Foundation
import VibeKeeperClient

/// `vibekeeper ideas list|show|edit|status|delete|resolve`: the gift ideas.
struct IdeasCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ideas", abstract: "List, show, edit, mark and delete gift ideas. IDs may be shortened to a unique prefix.",
        subcommands: [List.self, Show.self, Edit.self, Status.self, Delete.self, Resolve.self], defaultSubcommand: List.self)

    /// `ideas list`: the accepted ideas with the server's filters (the device's copy when offline).
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List gift ideas, newest first (filters combine).")
        @Option(help: "Only ideas for this contact (name, alias or ID).") var recipient: String?
        @Option(help: "Only ideas for this occasion.") var occasion: String?
        @Option(help: "Only ideas with this status: idea, purchased or given.") var status: String?
        @Option(help: "Only ideas with this tag.") var tag: String?
        @Option(name: .customLong("min-price"), help: "Only ideas whose budget reaches this amount.") var minPrice: Double?
        @Option(name: .customLong("max-price"), help: "Only ideas whose budget is at most this amount.") var maxPrice: Double?
        @Option(help: "Only ideas whose words, occasion, notes or tags contain this.") var query: String?
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { ws in
                var filter = GiftIdeaFilter(occasion: occasion, tag: tag, minPrice: minPrice, maxPrice: maxPrice, query: query)
                if let status { filter.status = try IdeaEditOptions.status(status) }
                for (field, value) in [("min_price", minPrice), ("max_price", maxPrice)] {
                    if let value, !(0...VibeKeeperRules.maxBudget).contains(value) { throw invalidField(field, "must be a number from 0 to 1000000000") }
                }
                if let recipient { filter.recipientId = try await ws.contactID(recipient, fromServer: true) }
                var ideas: [GiftIdea]
                var marks: [GiftIdeaID: SyncStatus] = [:]
                do {
                    ideas = try await withProgress("Loading ideas") { try await ws.api.allGiftIdeas(filter) }
                } catch ClientError.offline(let detail) {
                    await ws.offlineNote(detail)
                    let records = await ws.sync.ideas(filter)
                    ideas = records.map(\.value)
                    for record in records { marks[record.value.id] = record.syncStatus }
                }
                let outbox = await ws.sync.outbox
                try options.show(ideas) { ideas in
                    var lines: [String]
                    if ideas.isEmpty {
                        lines = [filter == GiftIdeaFilter() ? "No gift ideas yet. Capture one: vibekeeper capture \"Mom would love a pottery class\"" : "No gift ideas match."]
                    } else {
                        lines = [Render.ideas(ideas, marks: marks), "\(count(ideas.count, "idea"))."]
                    }
                    if marks.values.contains(where: { $0 != .synced }) { lines.append("* not sent yet, ! conflict (`vibekeeper sync`).") }
                    let captures = outbox.filter { $0.kind == .capture }.count
                    let edits = outbox.count - captures
                    let waiting = [captures > 0 ? count(captures, "capture") : nil, edits > 0 ? count(edits, "edit") : nil].compactMap { $0 }
                    if !waiting.isEmpty { lines.append(waiting.joined(separator: " and ") + " waiting to be sent (`vibekeeper sync`).") }
                    return lines.joined(separator: "\n")
                }
            }
        }
    }

    /// `ideas show`: one idea in full, with its media and reminders.
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show one gift idea with its photos, recordings and reminders.")
        @Argument(help: "The idea's ID (or a unique prefix).") var id: String
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { ws in
                let ideaID = try await ws.ideaID(id, fromServer: true)
                let idea: GiftIdea
                var reminders: [Reminder] = []
                var status: SyncStatus?
                do {
                    idea = try await withProgress("Loading the idea") { try await ws.api.send(VibeKeeperRoutes.giftIdea, ideaID) }
                    reminders = ((try? await ws.api.send(VibeKeeperRoutes.reminders, query: ReminderFilter())) ?? []).filter { $0.giftIdeaId == ideaID }
                } catch ClientError.offline(let detail) {
                    guard let record = await ws.sync.idea(ideaID) else { throw ClientError.offline(detail) }
                    await ws.offlineNote(detail)
                    idea = record.value
                    status = record.syncStatus
                    reminders = await ws.sync.reminders(for: ideaID).map(\.value)
                }
                try options.show(idea) { Render.idea($0, reminders: reminders, syncStatus: status) }
            }
        }
    }

    /// `ideas edit`: a partial update (only the flags given), kept and queued when offline.
    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Change an idea: only the fields given change.")
        @Argument(help: "The idea's ID (or a unique prefix).") var id: String
        @OptionGroup var edits: IdeaEditOptions
        @OptionGroup var options: SessionOptions

        func validate() throws { try edits.check(requireSome: true) }

        func run() async throws {
            try await options.run { ws in
                let record = try await ws.localIdea(id)
                let changes = try await edits.changes(ws)
                let updated = try await ws.sync.updateIdea(record.value.id, changes)
                try await ws.show(
                    updated.value, status: updated.syncStatus, done: "Updated.", text: Render.idea(updated.value, syncStatus: updated.syncStatus),
                    resolve: "vibekeeper ideas resolve \(short(updated.value.id))")
            }
        }
    }

    /// `ideas status ID idea|purchased|given`: the one change made most often, on its own.
    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Mark an idea as idea, purchased or given.")
        @Argument(help: "The idea's ID (or a unique prefix).") var id: String
        @Argument(help: "idea, purchased or given.") var status: String
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { ws in
                var changes = GiftIdeaChanges()
                changes.status = try IdeaEditOptions.status(status)
                let record = try await ws.localIdea(id)
                let updated = try await ws.sync.updateIdea(record.value.id, changes)
                try await ws.show(
                    updated.value, status: updated.syncStatus, done: "Marked “\(updated.value.idea)” as \(updated.value.status.rawValue).",
                    text: Render.idea(updated.value, syncStatus: updated.syncStatus), resolve: "vibekeeper ideas resolve \(short(updated.value.id))")
            }
        }
    }

    /// `ideas delete`: removes an idea (queued when offline).
    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete an idea (with its photos, recordings and reminders).")
        @Argument(help: "The idea's ID (or a unique prefix).") var id: String
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { ws in
                let record = try await ws.localIdea(id)
                let ideaID = record.value.id
                await ws.sync.deleteIdea(ideaID)
                try await ws.reportDeleted(ideaID.uuid, what: "it", done: "Deleted “\(record.value.idea)”.") { await ws.sync.idea(ideaID) != nil }
            }
        }
    }

    /// `ideas resolve`: settles an idea left in conflict by an offline edit.
    struct Resolve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Settle an idea changed both here and on the server: keep yours or the server's.")
        @Argument(help: "The idea's ID (or a unique prefix).") var id: String
        @OptionGroup var choice: KeepChoice
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { ws in
                let record = try await ws.localIdea(id)
                guard record.syncStatus == .conflict else {
                    ws.say("Nothing to settle: “\(record.value.idea)” is not in conflict.")
                    return
                }
                await ws.sync.resolveConflict(idea: record.value.id, keepingMine: choice.keepingMine)
                let settled = await ws.sync.idea(record.value.id) ?? record
                try await ws.show(
                    settled.value, status: settled.syncStatus, done: choice.settled, text: Render.idea(settled.value),
                    resolve: "vibekeeper ideas resolve \(short(settled.value.id))")
            }
        }
    }
}

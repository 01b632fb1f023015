import ArgumentParser
import CLISupport
import Foundation
import ZiaClient

/// `zia saved list|show|rm`: the meal plans, routines and chore plans you saved.
struct SavedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "saved", abstract: "Your saved plans.", subcommands: [List.self, Show.self, Remove.self], defaultSubcommand: List.self)

    static let lookup = Lookup<Artifact>("saved plan", id: { $0.id.description }, name: \.title)

    /// `meal_plan|routine|chores` (or the API's own names) as the API's artifact type.
    static func type(_ text: String) throws -> ArtifactType {
        switch text.lowercased() {
        case "meal_plan", "meals", "meal-plan": return .mealPlan
        case "routine", "routines", "bedtime_routine": return .bedtimeRoutine
        case "chores", "chore_plan": return .chorePlan
        default: throw CLI.invalidUsage("--type must be meal_plan, routine or chores.")
        }
    }

    /// The saved plan `text` names: a full id as is, else found among the newest 100.
    static func artifactID(_ text: String, _ api: ZiaAPIClient) async throws -> ArtifactID {
        try await lookup.id(text, parse: ArtifactID.init, list: { try await api.send(ZiaRoutes.artifacts, query: ArtifactQuery(page: PageQuery(limit: 100))) }, id: \.id)
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List your saved plans, newest first.")
        @Option(help: "Only meal_plan, routine or chores.") var type: String?
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { api in
                let all = try await api.send(ZiaRoutes.artifacts, query: ArtifactQuery(type: try type.map { try SavedCommand.type($0) }))
                try options.show(all) { all in
                    all.isEmpty
                        ? "Nothing saved yet; `zia ask … --save` saves a plan."
                        : table(["ID", "TYPE", "SAVED", "TITLE"], all.map { [short($0.id), $0.artifactType.rawValue, when($0.createdAt), $0.title] })
                }
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show one saved plan.")
        @Argument(help: "Its id, the start of it, or its title.") var id: String
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { api in
                let artifact = try await api.send(ZiaRoutes.artifact, try await SavedCommand.artifactID(id, api))
                try options.show(artifact, SavedCommand.describe)
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rm", abstract: "Delete one saved plan.")
        @Argument(help: "Its id, the start of it, or its title.") var id: String
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { api in
                _ = try await api.send(ZiaRoutes.deleteArtifact, try await SavedCommand.artifactID(id, api))
                print("Deleted.")
            }
        }
    }

    /// A saved plan as text: its title, then its days, steps or schedule, and its groceries.
    static func describe(_ artifact: Artifact) -> String {
        var lines = ["\(artifact.title) (\(artifact.artifactType.rawValue), saved \(when(artifact.createdAt)))", ""]
        func text(_ value: JSONValue?) -> String {
            switch value {
            case .string(let text)?: text
            case .number(let number)?: amount(number)
            default: ""
            }
        }
        func rows(_ key: String) -> [[String: JSONValue]] {
            guard case .array(let list)? = artifact.payload[key] else { return [] }
            return list.compactMap { if case .object(let row) = $0 { row } else { nil } }
        }
        for meal in rows("meals") { lines.append("\(text(meal["day"])): \(text(meal["title"]))") }
        for step in rows("steps") { lines.append("\(text(step["time"]))  \(text(step["title"])) (\(text(step["minutes"])) min)") }
        for entry in rows("schedule") { lines.append("\(text(entry["day"])): \(text(entry["task"])) — \(text(entry["assignee"])), \(text(entry["minutes"])) min") }
        if case .object(let grocery)? = artifact.payload["grocery"], case .object(let aisles)? = grocery["aisles"], !aisles.isEmpty {
            lines.append("")
            lines.append("Groceries:")
            for (aisle, items) in aisles.sorted(by: { $0.key < $1.key }) {
                guard case .array(let items) = items else { continue }
                let names = items.compactMap { item -> String? in
                    guard case .object(let item) = item else { return nil }
                    return [text(item["quantity"]), text(item["unit"]), text(item["name"])].filter { !$0.isEmpty }.joined(separator: " ")
                }
                lines.append("  \(aisle): \(names.joined(separator: ", "))")
            }
        }
        return lines.joined(separator: "\n")
    }
}

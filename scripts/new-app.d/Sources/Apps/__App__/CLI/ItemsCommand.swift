import ArgumentParser
import CLISupport
import Foundation
import __App__Client

/// `__app__ items list|add|show|delete`: the signed-in user's items.
struct ItemsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "items", abstract: "Your items.", subcommands: [List.self, Add.self, Show.self, Delete.self], defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List your items, newest first.")
        @Option(help: "At most this many (1–100).") var limit: Int?
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await CLI.reporting(server: options.server) {
                let items = try await options.api().items(limit: limit)
                if options.json { return try printJSON(items) }
                guard !items.isEmpty else { return print("No items yet.") }
                print(table(["ID", "TITLE"], items.map { [short($0.id), $0.title] }))
            }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add an item.")
        @Argument(help: "Its title.") var title: String
        @Option(help: "Notes.") var notes: String?
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await CLI.reporting(server: options.server) {
                // The contract's own rules, before sending: the same 422 the server would give.
                let new = try New__App__Item.check(New__App__Item.Input(title: title, notes: notes)).orValidationError()
                let item = try await options.api().client.send(__App__Routes.createItem, body: new)
                if options.json { return try printJSON(item) }
                print("Added \(item.title) (\(item.id)).")
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show one item.")
        @Argument(help: "The item's id.") var id: String
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await CLI.reporting(server: options.server) {
                let item = try await options.api().client.send(__App__Routes.item, try itemID(id))
                if options.json { return try printJSON(item) }
                print([item.title, item.notes].compactMap { $0 }.joined(separator: "\n"))
            }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete one item.")
        @Argument(help: "The item's id.") var id: String
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await CLI.reporting(server: options.server) {
                _ = try await options.api().client.send(__App__Routes.deleteItem, try itemID(id))
                print("Deleted.")
            }
        }
    }
}

/// An item id typed on the command line; anything else is a usage error.
func itemID(_ text: String) throws -> __App__ItemID {
    guard let id = __App__ItemID(text) else { throw CLI.invalidUsage("\(text) is not an item id.") }
    return id
}

extension Checked {
    /// The value, or the 422-like ``ClientError/validation(message:fields:)`` naming every field.
    func orValidationError() throws -> Value {
        switch self {
        case .valid(let value): return value
        case .invalid(let fields): throw ClientError.validation(message: "Invalid request.", fields: fields)
        }
    }
}

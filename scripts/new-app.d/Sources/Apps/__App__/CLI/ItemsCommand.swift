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
        @Option(help: "The page after this cursor (printed under the previous page).") var cursor: String?
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { api in
                let page = try await api.items(limit: limit, cursor: cursor)
                try options.show(page.items) { items in
                    let list = items.isEmpty ? "No items yet." : table(["ID", "TITLE"], items.map { [short($0.id), $0.title] })
                    return list + (page.nextCursor.map { "\nMore: __app__ items list --cursor \($0)" } ?? "")
                }
            }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add an item.")
        @Argument(help: "Its title.") var title: String
        @Option(help: "Notes.") var notes: String?
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { api in
                // The contract's own rules, before sending: the same 422 the server would give.
                let new = try requireValid(New__App__Item.check(New__App__Item.Input(title: title, notes: notes)))
                try options.show(try await api.send(__App__Routes.createItem, body: new)) { "Added \($0.title) (\($0.id))." }
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show one item.")
        @Argument(help: "The item's id.") var id: String
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { api in
                try options.show(try await api.send(__App__Routes.item, try itemID(id))) { [$0.title, $0.notes].compactMap { $0 }.joined(separator: "\n") }
            }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete one item.")
        @Argument(help: "The item's id.") var id: String
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { api in
                _ = try await api.send(__App__Routes.deleteItem, try itemID(id))
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

import ArgumentParser
import CLISupport
import Foundation
import ZiaClient

/// `zia pantry list|add|edit|rm`: what is already at home (grocery lists leave it out).
struct PantryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pantry", abstract: "Your pantry.", subcommands: [List.self, Add.self, Edit.self, Remove.self], defaultSubcommand: List.self)

    static let lookup = Lookup<PantryItem>("pantry item", id: { $0.id.description }, name: \.name)

    /// `If-Match` naming the version of `item` the command read.
    static func ifMatch(_ item: PantryItem) -> [String: String] {
        [PreconditionHeaders.ifMatch: EntityTag(updatedAt: item.updatedAt).description]
    }

    /// The item `text` names (id, start of an id, or name).
    static func item(_ text: String, _ api: ZiaAPIClient) async throws -> PantryItem {
        try lookup.find(text, in: try await api.send(ZiaRoutes.pantry).items)
    }

    /// The `--quantity --unit --aisle` every change takes.
    struct Fields: ParsableArguments {
        @Option(help: "How much.") var quantity: Double?
        @Option(help: "Its unit (cups, lb, …).") var unit: String?
        @Option(help: "Its aisle: \(GroceryAisle.allCases.map(\.rawValue).joined(separator: ", ")) (guessed when left out).") var aisle: String?
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List your pantry, by aisle then name.")
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { api in
                try options.show(try await api.send(ZiaRoutes.pantry)) { list in
                    list.items.isEmpty
                        ? "Your pantry is empty."
                        : table(
                            ["ID", "AISLE", "QUANTITY", "NAME"],
                            list.items.map { [short($0.id), $0.aisle.rawValue, [amount($0.quantity), $0.unit ?? ""].joined(separator: " "), $0.name] })
                }
            }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add an item to your pantry.")
        @Argument(help: "Its name.") var name: String
        @OptionGroup var fields: Fields
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { api in
                let body = PantryItemInput(name: name, quantity: fields.quantity, unit: fields.unit, aisle: fields.aisle)
                _ = try requireValid(PantryItemInput.check(body))
                try options.show(try await api.send(ZiaRoutes.addPantryItem, body: body)) { "Added \($0.name) (\($0.aisle.rawValue), \(short($0.id)))." }
            }
        }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Change a pantry item (what you leave out stays).")
        @Argument(help: "The item: its id, the start of it, or its name.") var item: String
        @Option(help: "A new name.") var name: String?
        @OptionGroup var fields: Fields
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { api in
                let current = try await PantryCommand.item(item, api)
                let body = PantryItemInput(
                    name: name ?? current.name, quantity: fields.quantity ?? current.quantity, unit: fields.unit ?? current.unit,
                    aisle: fields.aisle ?? current.aisle.rawValue)
                _ = try requireValid(PantryItemInput.check(body))
                // Against the version just read: a change made elsewhere meanwhile is a conflict (exit 9), not overwritten.
                let updated = try await api.send(ZiaRoutes.updatePantryItem, current.id, body: body, headers: PantryCommand.ifMatch(current))
                try options.show(updated) { "Updated \($0.name)." }
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rm", abstract: "Remove a pantry item.")
        @Argument(help: "The item: its id, the start of it, or its name.") var item: String
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { api in
                let found = try await PantryCommand.item(item, api)
                _ = try await api.send(ZiaRoutes.deletePantryItem, found.id, headers: PantryCommand.ifMatch(found))
                print("Removed \(found.name).")
            }
        }
    }
}

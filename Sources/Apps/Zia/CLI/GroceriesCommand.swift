import ArgumentParser
import CLISupport
import Foundation
import ZiaClient

/// `zia groceries start|show|check|uncheck|skip|complete|abandon`: one shopping trip at a time,
/// from a saved meal plan or a list; completing it puts what was bought in the pantry.
struct GroceriesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "groceries", abstract: "A shopping trip: start it, check items off, complete it.",
        subcommands: [Start.self, Show.self, Check.self, Uncheck.self, Skip.self, Complete.self, Abandon.self], defaultSubcommand: Show.self)

    static let lookup = Lookup<GrocerySessionItem>("item", id: { $0.id.uuidString.lowercased() }, name: \.name)

    /// The trip in progress; none is a not-found (exit 6) saying how to start one.
    static func active(_ api: ZiaAPIClient) async throws -> GrocerySession {
        guard let session = try await api.send(ZiaRoutes.activeGrocerySession).session else {
            throw ClientError.notFound("no shopping trip in progress; start one with `zia groceries start`.")
        }
        return session
    }

    /// A trip as a checklist, by aisle in the order shopped.
    static func describe(_ session: GrocerySession) -> String {
        var lines = ["Shopping trip \(short(session.id)) — \(session.status.rawValue): \(session.itemsChecked) of \(session.itemsTotal) checked"]
        for aisle in session.aisleOrder {
            let items = session.items.filter { $0.aisle == aisle }
            guard !items.isEmpty else { continue }
            lines.append("\(aisle.rawValue):")
            for item in items {
                let mark = item.checked ? "[x]" : item.skipped ? "[-]" : "[ ]"
                let quantity = [amount(item.quantity), item.unit ?? ""].filter { !$0.isEmpty }.joined(separator: " ")
                lines.append("  \(mark) \(quantity.isEmpty ? "" : quantity + " ")\(item.name)  (\(short(item.id.uuidString.lowercased())))")
            }
        }
        return lines.joined(separator: "\n")
    }

    struct Start: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Start a trip from a saved meal plan or a list (a trip in progress is abandoned first).")
        @Option(help: "A saved meal plan: its id, the start of it, or its title.") var artifact: String?
        @Option(help: "A list item such as \"2 cups flour\"; repeat for each.") var item: [String] = []
        @Flag(inversion: .prefixedNo, help: "Put what you buy in the pantry when the trip is completed.") var pantry = true
        @OptionGroup var options: SessionOptions

        func validate() throws {
            guard (artifact == nil) != item.isEmpty else { throw ValidationError("Give either --artifact or --item, not both or neither.") }
        }

        func run() async throws {
            try await options.run { api in
                var input = GrocerySessionStart.Input(autoAddToPantry: pantry)
                if let artifact { input.artifactID = try await SavedCommand.artifactID(artifact, api).description }
                if !item.isEmpty { input.items = item.map(GroceryLine.parse) }
                let body = try requireValid(GrocerySessionStart.check(input))
                try options.show(
                    try await api.send(ZiaRoutes.startGrocerySession, body: body, headers: [PreconditionHeaders.idempotencyKey: UUID().uuidString]), GroceriesCommand.describe)
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show the trip in progress.")
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { api in
                let active = try await api.send(ZiaRoutes.activeGrocerySession)
                if options.json { return try printJSON(active) }
                print(active.session.map(GroceriesCommand.describe) ?? "No shopping trip in progress; start one with `zia groceries start`.")
            }
        }
    }

    /// `check`, `uncheck` and `skip`: one item of the trip in progress, by id or name.
    struct ItemChange {
        let item: String
        let options: SessionOptions

        func run(_ send: @escaping @Sendable (ZiaAPIClient, GrocerySession, GrocerySessionItem) async throws -> GrocerySession) async throws {
            try await options.run { api in
                let session = try await GroceriesCommand.active(api)
                let found = try GroceriesCommand.lookup.find(item, in: session.items)
                try options.show(try await send(api, session, found), GroceriesCommand.describe)
            }
        }
    }

    /// `check` and `uncheck`: one item's tick in the shopping session.
    static func tick(_ item: String, _ options: SessionOptions, checked: Bool) async throws {
        try await ItemChange(item: item, options: options).run { api, session, item in
            try await api.send(ZiaRoutes.checkGroceryItem, session.id, body: GroceryItemCheck(itemID: item.id, checked: checked))
        }
    }

    struct Check: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Check an item off (by id, the start of it, or name).")
        @Argument var item: String
        @OptionGroup var options: SessionOptions

        func run() async throws { try await GroceriesCommand.tick(item, options, checked: true) }
    }

    struct Uncheck: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Uncheck an item.")
        @Argument var item: String
        @OptionGroup var options: SessionOptions

        func run() async throws { try await GroceriesCommand.tick(item, options, checked: false) }
    }

    struct Skip: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Skip an item the store did not have.")
        @Argument var item: String
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await ItemChange(item: item, options: options).run { api, session, item in
                try await api.send(ZiaRoutes.skipGroceryItem, session.id, body: GroceryItemSkip(itemID: item.id))
            }
        }
    }

    struct Complete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Complete the trip (what was checked goes in the pantry).")
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { api in
                let session = try await GroceriesCommand.active(api)
                try options.show(try await api.send(ZiaRoutes.completeGrocerySession, session.id)) { done in
                    "Trip completed: \(done.session.itemsChecked) of \(done.session.itemsTotal) bought."
                        + (done.itemsAdded.isEmpty ? "" : " Added to the pantry: \(done.itemsAdded.map(\.name).joined(separator: ", ")).")
                }
            }
        }
    }

    struct Abandon: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Abandon the trip in progress.")
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { api in
                let session = try await GroceriesCommand.active(api)
                try options.show(try await api.send(ZiaRoutes.abandonGrocerySession, session.id)) { _ in "Trip abandoned." }
            }
        }
    }
}

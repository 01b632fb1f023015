import ArgumentParser
import CLISupport
import FareLensClient
import Foundation

/// `farelens saved [list|add ID|rm ID]`: the deals you saved.
struct SavedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "saved", abstract: "Your saved deals.", subcommands: [List.self, Add.self, Remove.self], defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List your saved deals, newest first.")
        @Option(parsing: .unconditional, help: "How many (1–100).") var limit: String?
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { api in
                try options.show(try await api.send(FareLensRoutes.savedDeals, query: try Rendering.page(limit))) { saved in
                    saved.data.isEmpty ? "Nothing saved yet; `farelens saved add ID` saves a deal." : DealsCommand.table(saved.data.map(\.deal))
                }
            }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Save a deal.")
        @Argument(help: "The deal's id.") var id: String
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { api in
                let dealID: DealID = try Rendering.id(id, "deal")
                let saved = try await api.send(FareLensRoutes.saveDeal, body: SaveDealRequest(dealID: dealID))
                try options.show(saved) {
                    "Saved \(Rendering.route($0.deal.origin, $0.deal.destination)) \($0.deal.departureDate) at \(Rendering.money($0.deal.priceCents, $0.deal.currency))."
                }
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rm", abstract: "Forget a saved deal.")
        @Argument(help: "The deal's id.") var id: String
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { api in
                _ = try await api.send(FareLensRoutes.deleteSavedDeal, try Rendering.id(id, "saved deal") as DealID)
                print("Removed.")
            }
        }
    }
}

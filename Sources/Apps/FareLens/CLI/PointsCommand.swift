import ArgumentParser
import CLISupport
import FareLensClient
import Foundation

/// `farelens points list|add|edit|rm|bonuses`: the points vault and the transfer bonuses touching it.
struct PointsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "points", abstract: "Your loyalty programs and transfer bonuses.", subcommands: [List.self, Add.self, Edit.self, Remove.self, Bonuses.self],
        defaultSubcommand: List.self)

    static func describe(_ program: PointsProgram) -> String {
        "\(program.name) (\(program.kind.rawValue)): \(program.balance) points\(program.status.map { ", \($0)" } ?? "") — id \(program.id)"
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List your programs, newest first.")
        @Option(parsing: .unconditional, help: "How many (1–100).") var limit: String?
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { api in
                try options.show(try await api.send(FareLensRoutes.pointsPrograms, query: try Rendering.page(limit))) { list in
                    list.data.isEmpty
                        ? "No programs yet; `farelens points add airline MileagePlus --balance 42000` adds one."
                        : table(
                            ["ID", "KIND", "NAME", "BALANCE", "STATUS"],
                            list.data.map { [$0.id.description, $0.kind.rawValue, $0.name, String($0.balance), $0.status ?? ""] })
                }
            }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a program.")
        @Argument(help: "airline, hotel or card.") var kind: String
        @Argument(help: "Its name (\"MileagePlus\", \"Amex MR\").") var name: [String]
        @Option(parsing: .unconditional, help: "Points held.") var balance: String?
        @Option(help: "Elite status.") var status: String?
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { api in
                let input = PointsProgramDraft.Input(
                    kind: kind, name: name.joined(separator: " "), balance: try Rendering.number(balance, field: "balance"), status: status)
                try options.show(try await api.send(FareLensRoutes.createPointsProgram, body: try requireValid(PointsProgramDraft.check(input))), PointsCommand.describe)
            }
        }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Change a program (what is not given stays).")
        @Argument(help: "The program's id.") var id: String
        @Option(help: "airline, hotel or card.") var kind: String?
        @Option(help: "Its name.") var name: String?
        @Option(parsing: .unconditional, help: "Points held.") var balance: String?
        @Option(help: "Elite status.") var status: String?
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { api in
                let programID: PointsProgramID = try Rendering.id(id, "points program")
                let balance = try Rendering.number(balance, field: "balance")
                // No route reads one program: it is found in the vault, every page of it.
                let all = try await Rendering.everyPage(FareLensRoutes.pointsPrograms, api)
                guard let current = all.first(where: { $0.id == programID }) else { throw ClientError.notFound("no points program \(id).") }
                let input = PointsProgramDraft.Input(
                    kind: kind ?? current.kind.rawValue, name: name ?? current.name, balance: balance ?? current.balance, status: status ?? current.status)
                try options.show(try await api.send(FareLensRoutes.updatePointsProgram, programID, body: try requireValid(PointsProgramDraft.check(input))), PointsCommand.describe)
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rm", abstract: "Remove a program.")
        @Argument(help: "The program's id.") var id: String
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { api in
                _ = try await api.send(FareLensRoutes.deletePointsProgram, try Rendering.id(id, "points program") as PointsProgramID)
                print("Removed.")
            }
        }
    }

    struct Bonuses: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Transfer bonuses touching your programs, soonest ending first.")
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { api in
                try options.show(try await api.send(FareLensRoutes.transferBonuses)) { list in
                    list.data.isEmpty
                        ? "No transfer bonuses touch your programs."
                        : table(
                            ["FROM", "TO", "BONUS", "STARTS", "ENDS", "STATE"],
                            list.data.map {
                                [$0.fromName, $0.toName, "+\($0.percent)%", $0.startsOn.description, $0.endsOn.description, $0.active ? "active" : "announced"]
                            })
                }
            }
        }
    }
}

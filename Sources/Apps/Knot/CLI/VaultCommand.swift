import ArgumentParser
import CLISupport
import Foundation
import KnotClient

/// `knot vault create|show|edit`.
struct VaultCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vault", abstract: "Create, show or edit the partner vault.",
        subcommands: [Create.self, Show.self, Edit.self]
    )

    static func readDraft(_ path: String) throws -> VaultDraft {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch { throw CLIError("Cannot read \(path): \(error.localizedDescription)") }
        do {
            return try WireFormat.decoder().decode(VaultDraft.self, from: data)
        } catch {
            throw CLIError("\(path) is not a vault (the JSON body of \(KnotRoutes.createVault.endpoint)): \(error)")
        }
    }

    static func describe(_ vault: Vault) -> String {
        let prices = PriceFormatter()
        var lines = ["Partner:        \(vault.partnerName)"]
        let location = [vault.locationCity, vault.locationState, vault.locationCountry].compactMap { $0 }.joined(separator: ", ")
        lines.append("Location:       \(location)")
        if let months = vault.relationshipTenureMonths { lines.append("Together:       \(months) months") }
        if let status = vault.cohabitationStatus { lines.append("Living:         \(status.rawValue.replacingOccurrences(of: "_", with: " "))") }
        lines.append("Loves:          \(vault.interests.joined(separator: ", "))")
        lines.append("Avoid:          \(vault.dislikes.joined(separator: ", "))")
        lines.append("Vibes:          \(vault.vibes.map(\.displayName).joined(separator: ", "))")
        lines.append("Love languages: \(vault.loveLanguages.primary.displayName), then \(vault.loveLanguages.secondary.displayName)")
        lines.append("Budgets:")
        for budget in vault.budgets {
            lines.append(
                "  \(budget.occasionType.displayName.padding(toLength: 16, withPad: " ", startingAt: 0))\(prices.formatRange(min: budget.minAmount, max: budget.maxAmount, currency: budget.currency))"
            )
        }
        lines.append("Milestones:")
        let upcoming = Dictionary(uniqueKeysWithValues: MilestoneCalendar().upcoming(vault.milestones, from: Date()).map { ($0.id, $0) })
        for milestone in vault.milestones {
            let when = upcoming[milestone.id].map { " — \($0.countdownText)" } ?? " — passed"
            lines.append(
                "  \(milestone.milestoneName) (\(milestone.milestoneType.rawValue), \(milestone.recurrence == .yearly ? String(milestone.milestoneDate.dropFirst(5)) : milestone.milestoneDate))\(when)  \(milestone.id)"
            )
        }
        return lines.joined(separator: "\n")
    }

    /// `knot vault create [--file vault.json]`; without a file, asks step by step.
    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create the vault from a JSON file, or interactively (the 9 onboarding steps).")

        @Option(help: "A JSON file with the vault (the body of \(KnotRoutes.createVault.endpoint)).")
        var file: String?

        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { api in
                let vault: Vault
                if let file {
                    let draft = try VaultCommand.readDraft(file)
                    do {
                        vault = try await withProgress("Saving the vault") { try await api.send(KnotRoutes.createVault, body: draft) }
                    } catch KnotError.conflict(409, _, _) {
                        throw CLIError("this account already has a vault. Change it with `knot vault edit --file \(file)`.")
                    }
                } else {
                    guard let created = try await InteractiveOnboarding(api: api).run() else { throw ExitCode.failure }
                    vault = created
                }
                try options.show(vault) { "Vault created.\n" + VaultCommand.describe($0) }
            }
        }
    }

    /// `knot vault show`.
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show the partner vault.")
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { api in
                let vault = try await withProgress("Loading the vault") { try await api.send(KnotRoutes.vault) }
                try options.show(vault, VaultCommand.describe)
            }
        }
    }

    /// `knot vault edit [--file vault.json]`; without a file, opens `$EDITOR` on the current vault.
    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Replace the vault from a file, or edit it in $EDITOR.")

        @Option(help: "A JSON file with the new vault.")
        var file: String?

        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { api in
                let draft: VaultDraft
                if let file {
                    draft = try VaultCommand.readDraft(file)
                } else {
                    let current = try await withProgress("Loading the vault") { try await api.send(KnotRoutes.vault) }
                    draft = try editInEditor(current.draft)
                }
                let vault = try await withProgress("Saving the vault") { try await api.send(KnotRoutes.updateVault, body: draft) }
                try options.show(vault) { "Vault updated.\n" + VaultCommand.describe($0) }
            }
        }

        func editInEditor(_ draft: VaultDraft) throws -> VaultDraft {
            guard let editor = ProcessInfo.processInfo.environment["VISUAL"] ?? ProcessInfo.processInfo.environment["EDITOR"], !editor.isEmpty else {
                throw CLIError("Set $EDITOR to edit the vault interactively, or pass --file vault.json (see `knot vault show --json`).")
            }
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("knot-vault-\(UUID().uuidString).json")
            try WireFormat.encoder(pretty: true).encode(draft).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "\(editor) \"$1\"", "editor", file.path]
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { throw CLIError("The editor exited with status \(process.terminationStatus); nothing was saved.") }
            return try VaultCommand.readDraft(file.path)
        }
    }
}

import ArgumentParser
import CLISupport
import Foundation
import KnotClient

/// `knot preferences [--enable|--disable] [--quiet-start H --quiet-end H]`.
struct Preferences: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show or change notification preferences.")
    @Flag(inversion: .prefixedEnableDisable, help: "Turn reminders on or off.") var notifications: Bool?
    @Option(help: "Quiet hours start (0–23).") var quietStart: Int?
    @Option(help: "Quiet hours end (0–23).") var quietEnd: Int?
    @Option(help: "IANA time zone, e.g. America/Chicago.") var timezone: String?
    @Flag(inversion: .prefixedNo, help: "Keep names and details off the lock screen.") var hideDetails: Bool?
    @OptionGroup var options: SessionOptions

    func run() async throws {
        let api = try await CLI.reporting { try options.api() }
        let changes = notifications != nil || quietStart != nil || quietEnd != nil || timezone != nil || hideDetails != nil
        let preferences = try await CLI.reporting(server: api.baseURL) {
            changes
                ? try await api.updateNotificationPreferences(
                    enabled: notifications, quietHoursStart: quietStart, quietHoursEnd: quietEnd, timezone: timezone, hideNotificationDetails: hideDetails)
                : try await api.notificationPreferences()
        }
        if options.json { try printJSON(preferences, .snakeCase); return }
        print("Reminders:   \(preferences.notificationsEnabled ? "on" : "off")")
        print("Quiet hours: \(SettingsViewModel.formatHour(preferences.quietHoursStart)) – \(SettingsViewModel.formatHour(preferences.quietHoursEnd))")
        print("Time zone:   \(preferences.timezone ?? "not set")")
        print("Lock screen: \(preferences.hideNotificationDetails ? "details hidden" : "full text")")
    }
}

/// `knot export [--output FILE]`.
struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Download everything Knot keeps about you (JSON).")
    @Option(help: "Write to this file instead of standard output.") var output: String?
    @OptionGroup var options: SessionOptions

    func run() async throws {
        let api = try await CLI.reporting { try options.api() }
        let data = try await CLI.reporting(server: api.baseURL) { try await withProgress("Exporting") { try await api.exportData() } }
        if let output {
            try data.write(to: URL(fileURLWithPath: output))
            printError("Export written to \(output) (\(data.count) bytes).")
        } else {
            FileHandle.standardOutput.write(data)
            print("")
        }
    }
}

/// `knot delete-account`: asks for confirmation unless `--yes`, re-authenticates (the server wants a
/// fresh sign-in before deleting: the stored account's email on a development server, or
/// `--id-token` from a new Apple/Google sign-in), deletes, and clears what the CLI kept locally.
struct DeleteAccount: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete-account", abstract: "Delete your account and all its data (asks first, then re-authenticates).",
        discussion: """
            The server deletes an account only after a fresh sign-in. Against a development server the CLI proves it             with the email you logged in with; elsewhere pass an identity token from a new Sign in with Apple or Google:             --id-token TOKEN --provider apple|google.
            """)
    @Flag(help: "Do not ask for confirmation.") var yes = false
    @Option(help: "An identity token from a new sign-in with --provider (servers without development sign-in).") var idToken: String?
    @Option(help: "Who issued --id-token: apple or google.") var provider = "apple"
    @Option(help: "The raw nonce --id-token was requested with, if any.") var nonce: String?
    @OptionGroup var options: SessionOptions

    func run() async throws {
        var proof: AccountDeletionRequest?
        if let idToken {
            switch provider.lowercased() {
            case "apple": proof = .apple(identityToken: idToken, nonce: nonce)
            case "google": proof = .google(idToken: idToken, nonce: nonce)
            default: throw CLI.invalidUsage("--provider must be apple or google.")
            }
        }
        let api = try await CLI.reporting { try options.api() }
        if proof == nil, let email = options.storedSession?.email {
            // Development servers accept the account's own email as the fresh sign-in.
            proof = .development(email: email)
        }
        if !yes {
            print(SettingsViewModel.deletionWarning)
            guard ask("Type DELETE to confirm:") == "DELETE" else {
                printError("Not deleted.")
                throw ExitCode.failure
            }
        }
        let result: AccountDeletion
        do {
            result = try await withProgress("Deleting the account") { try await api.deleteAccount(reauthentication: proof) }
        } catch KnotError.reauthenticationRequired(let detail) {
            printError(
                """
                knot: the server will not delete the account without a fresh sign-in (\(detail)). Nothing was deleted.
                  • Development server: run `knot login --server \(api.baseURL.absoluteString) --email <the account's email>`, then `knot delete-account` again.
                  • Otherwise: sign in again with Apple or Google and pass the new identity token: `knot delete-account --id-token TOKEN --provider apple|google`.
                """)
            throw ExitCode(KnotError.reauthenticationRequired(detail).exitCode)
        } catch {
            try await CLI.reporting(server: api.baseURL) { () throws -> Void in throw error }
            return
        }
        // The session is gone with the account; what the CLI kept for it goes too.
        try? options.savedStore.removeAll()
        try? FileManager.default.removeItem(at: options.lastBatchURL)
        if options.json { try printJSON(result, .snakeCase) } else { print(result.message + " You are signed out.") }
    }
}

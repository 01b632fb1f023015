import ArgumentParser
import CLISupport
import Foundation
import KnotClient

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
        var given: AccountDeletionRequest?
        if let idToken {
            switch provider.lowercased() {
            case "apple": given = .apple(identityToken: idToken, nonce: nonce)
            case "google": given = .google(idToken: idToken, nonce: nonce)
            default: throw CLI.invalidUsage("--provider must be apple or google.")
            }
        }
        let requested = given
        try await options.run { api in
            // Development servers accept the account's own email as the fresh sign-in.
            let email = options.storedSession?.email
            let proof = requested ?? email.map { AccountDeletionRequest.development(email: $0) }
            if !yes {
                print(SettingsViewModel.deletionWarning)
                guard ask("Type DELETE to confirm:") == "DELETE" else {
                    printError("Not deleted.")
                    throw ExitCode.failure
                }
            }
            let result: AccountDeletion
            do {
                result = try await withProgress("Deleting the account") { try await api.client.deleteAccount(reauthentication: proof) }
            } catch KnotError.reauthenticationRequired(let detail) {
                printError(
                    """
                    knot: the server will not delete the account without a fresh sign-in (\(detail)). Nothing was deleted.
                      • Development server: run `knot login --server \(api.baseURL.absoluteString) --email <the account's email>`, then `knot delete-account` again.
                      • Otherwise: sign in again with Apple or Google and pass the new identity token: `knot delete-account --id-token TOKEN --provider apple|google`.
                    """)
                throw ExitCode(KnotError.reauthenticationRequired(detail).exitCode)
            }
            // The session is gone with the account; what the CLI kept for it goes too.
            try? options.savedStore.removeAll()
            try? FileManager.default.removeItem(at: options.lastBatchURL)
            try options.show(result) { $0.message + " You are signed out." }
        }
    }
}

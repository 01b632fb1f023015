import ArgumentParser
import CLISupport
import Foundation
import VibeKeeperClient

/// `vibekeeper register`: creates an email + password account, then signs in.
struct Register: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Create an account (email and password) and sign in.")

    @Option(help: "Server URL (default: $VIBEKEEPER_SERVER or http://127.0.0.1:8080).") var server: String?
    @Option(help: "Your email address.") var email: String
    @Option(help: "Your name.") var name: String
    @Option(help: "8–128 characters; read from standard input when omitted (without echo on a terminal).") var password: String?
    @OptionGroup var options: SessionOptions

    func run() async throws {
        let url = try CLI.serverURL(server)
        try await options.run(signingInTo: url) {
            let secret = try readPassword(password)
            let api = VibeKeeperAPIClient(baseURL: url, session: VibeKeeperSession(store: FileTokenStore(fileURL: options.sessionURL)), transport: CommandLineTransport.make())
            let account = try await withProgress("Creating the account") { try await api.client.register(PasswordRegistration(email: email, name: name, password: secret)) }
            let session = try await withProgress("Signing in") { try await api.client.logIn(email: email, password: secret) }
            if !options.json { print("Registered \(account.email) (\(account.name)).") }
            try SignInReport(session, email: account.email, name: account.name, sessionFile: options.sessionURL).print(json: options.json, server: url, as: account.email)
        }
    }
}

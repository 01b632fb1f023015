import ArgumentParser
import CLISupport
import Foundation
import VibeKeeperClient

/// `vibekeeper login`: signs in with email and password (or development sign-in) and saves the session.
struct Login: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Sign in and save the session.")

    @Option(help: "Server URL (default: $VIBEKEEPER_SERVER or http://127.0.0.1:8080).") var server: String?
    @Option(help: "Your email address.") var email: String
    @Option(help: "Your password; read from standard input when omitted (without echo on a terminal).") var password: String?
    @Flag(help: "Development sign-in (development servers only): no password.") var dev = false
    @OptionGroup var options: SessionOptions

    func run() async throws {
        let url = try CLI.serverURL(server)
        try await options.run(signingInTo: url) {
            let api = VibeKeeperAPIClient(baseURL: url, session: VibeKeeperSession(store: FileTokenStore(fileURL: options.sessionURL)), transport: CommandLineTransport.make())
            let session: StoredSession
            if dev {
                session = try await withProgress("Signing in") { try await api.client.signInForDevelopment(email: email) }
            } else {
                let secret = try readPassword(password)
                do {
                    session = try await withProgress("Signing in") { try await api.client.logIn(email: email, password: secret) }
                } catch ClientError.unauthorized(let message) {
                    throw CLIError("sign-in refused: \(message)", exitCode: ClientError.unauthorized(message).exitCode)
                }
            }
            try SignInReport(session, sessionFile: options.sessionURL).print(json: options.json, server: url, as: email)
        }
    }
}

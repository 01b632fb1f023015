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
            let account = try await withProgress("Creating the account") { try await api.register(email: email, name: name, password: secret) }
            let session = try await withProgress("Signing in") { try await api.logIn(email: email, password: secret) }
            if !options.json { print("Registered \(account.email) (\(account.name)).") }
            try SignInReport(session, email: account.email, name: account.name, sessionFile: options.sessionURL).print(json: options.json, server: url, as: account.email)
        }
    }
}

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
                session = try await withProgress("Signing in") { try await api.signInForDevelopment(email: email) }
            } else {
                let secret = try readPassword(password)
                do {
                    session = try await withProgress("Signing in") { try await api.logIn(email: email, password: secret) }
                } catch ClientError.unauthorized(let message) {
                    throw CLIError("sign-in refused: \(message)", exitCode: ClientError.unauthorized(message).exitCode)
                }
            }
            try SignInReport(session, sessionFile: options.sessionURL).print(json: options.json, server: url, as: email)
        }
    }
}

/// `vibekeeper logout`: revokes the session and forgets it. The device's copy goes too, unless it
/// holds changes not sent yet — those are kept for the next sign-in as the same user.
struct Logout: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Sign out and forget the session.")
    @OptionGroup var options: SessionOptions

    func run() async throws {
        try await options.run { ws in
            let waiting = await ws.sync.outbox.count + ws.sync.pendingCaptures.filter { $0.failure != nil }.count
            await ws.api.signOut()
            if waiting == 0 {
                try? ws.local.removeAll()
            } else {
                printError("vibekeeper: \(count(waiting, "change")) not sent yet stay on this device; sign in again as the same user and run `vibekeeper sync`.")
            }
            print("Signed out.")
        }
    }
}

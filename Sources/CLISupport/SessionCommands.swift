import ArgumentParser
import ClientCore
import Foundation

/// A CLI whose `login` is the platform's development sign-in and whose `logout` revokes the session:
/// what ``DevelopmentLogin`` and ``Logout`` need to know beyond ``CommandLineApp`` — how the app's
/// SDK builds its client core — so every such CLI shares one pair of commands instead of a copy each.
public protocol DevelopmentSignInApp: CommandLineApp {
    /// The app's SDK core on `server`, keeping its session in `store` (built by the app's own SDK
    /// type, so its routes and body spelling are the app's).
    static func apiClient(server: URL, store: FileTokenStore) -> APIClient
    /// The email `login` signs in as without `--email`; nil (the default) makes `--email` required.
    static func defaultEmail(environment: [String: String]) -> String?
    /// The help of `--email`.
    static var emailHelp: String { get }
}

extension DevelopmentSignInApp {
    public static func defaultEmail(environment: [String: String]) -> String? { nil }
    public static var emailHelp: String { "Your email address." }
}

/// `<app> login [--server URL] [--email …]`: development sign-in (development servers only), the
/// session saved to the session file, and where it went printed (``SignInReport``).
public struct DevelopmentLogin<App: DevelopmentSignInApp>: AsyncParsableCommand {
    public static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "login", abstract: "Sign in (development sign-in) and save the session.")
    }

    @Option(help: ArgumentHelp("Server URL (default: $\(App.serverVariable) or \(App.defaultServer)).")) var server: String?
    @Option(help: ArgumentHelp(App.emailHelp)) var email: String?
    @OptionGroup var options: SessionOptions<App>

    public init() {}

    public func validate() throws {
        if email == nil, App.defaultEmail(environment: ProcessInfo.processInfo.environment) == nil {
            throw ValidationError("Missing expected argument '--email <email>'")
        }
    }

    public func run() async throws {
        let url = try App.serverURL(server)
        let account = email ?? App.defaultEmail(environment: ProcessInfo.processInfo.environment) ?? ""
        try await App.reporting(server: url) {
            let client = App.apiClient(server: url, store: FileTokenStore(fileURL: options.sessionURL))
            let session = try await withProgress("Signing in to \(url.absoluteString)") { try await client.signInForDevelopment(email: account) }
            try SignInReport(session, sessionFile: options.sessionURL).print(json: options.json, server: url, as: account)
        }
    }
}

/// `<app> logout`: revokes the session on the server and forgets it here (even when the server
/// cannot be reached); signed out already is the shared "not signed in".
public struct Logout<App: DevelopmentSignInApp>: AsyncParsableCommand {
    public static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "logout", abstract: "Sign out and forget the session.")
    }

    @OptionGroup var options: SessionOptions<App>

    public init() {}

    public func run() async throws {
        try await App.reporting(server: options.server) {
            let signedIn = try options.signedIn()
            await App.apiClient(server: signedIn.server, store: signedIn.store).signOut()
            print("Signed out.")
        }
    }
}

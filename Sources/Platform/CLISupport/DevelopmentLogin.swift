import ArgumentParser
import ClientCore
import Foundation

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
        try await options.run(signingInTo: url) {
            let client = App.apiClient(server: url, store: FileTokenStore(fileURL: options.sessionURL))
            let session = try await withProgress("Signing in to \(url.absoluteString)") { try await client.signInForDevelopment(email: account) }
            try SignInReport(session, sessionFile: options.sessionURL).print(json: options.json, server: url, as: account)
        }
    }
}

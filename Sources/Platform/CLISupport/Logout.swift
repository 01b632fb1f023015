import ArgumentParser
import ClientCore
import Foundation

/// `<app> logout`: revokes the session on the server and forgets it here (even when the server
/// cannot be reached); signed out already is the shared "not signed in".
public struct Logout<App: DevelopmentSignInApp>: AsyncParsableCommand {
    public static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "logout", abstract: "Sign out and forget the session.")
    }

    @OptionGroup var options: SessionOptions<App>

    public init() {}

    public func run() async throws {
        try await options.run(opening: { try $0.signedIn() }) { (signedIn: SignedInSession) in
            await App.apiClient(server: signedIn.server, store: signedIn.store).signOut()
            print("Signed out.")
        }
    }
}

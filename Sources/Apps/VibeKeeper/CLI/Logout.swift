import ArgumentParser
import CLISupport
import Foundation
import VibeKeeperClient

/// `vibekeeper logout`: revokes the session and forgets it. The device's copy goes too, unless it
/// holds changes not sent yet — those are kept for the next sign-in as the same user.
struct Logout: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Sign out and forget the session.")
    @OptionGroup var options: SessionOptions

    func run() async throws {
        try await options.run { ws in
            let waiting = await ws.sync.outbox.count + ws.sync.pendingCaptures.filter { $0.failure != nil }.count
            await ws.api.client.signOut()
            if waiting == 0 {
                try? ws.local.removeAll()
            } else {
                printError("vibekeeper: \(count(waiting, "change")) not sent yet stay on this device; sign in again as the same user and run `vibekeeper sync`.")
            }
            print("Signed out.")
        }
    }
}

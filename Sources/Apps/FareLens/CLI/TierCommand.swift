import ArgumentParser
import CLISupport
import FareLensClient
import Foundation

/// `farelens tier [--set free|pro]`: the signed-in user's tier (`GET /v1/me`); `--set` puts them on
/// one (the development route, development servers only).
struct TierCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "tier", abstract: "Show your tier; --set switches it (development servers only).")
    @Option(help: "free or pro.") var set: String?
    @OptionGroup var options: SessionOptions

    func run() async throws {
        try await options.run { api in
            let account: FareLensAccount
            if let set {
                account = try await api.send(FareLensRoutes.setDevTier, body: try requireValid(DevTierRequest.check(DevTierRequest.Input(tier: set.lowercased()))))
            } else {
                account = try await api.send(FareLensRoutes.me)
            }
            try options.show(account, MeCommand.describe)
        }
    }
}

import ArgumentParser
import CLISupport
import FareLensClient
import Foundation

/// `farelens me`: the signed-in user's tier, trial and what the tier allows.
struct MeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "me", abstract: "Show your tier and what it allows.")
    @OptionGroup var options: SessionOptions

    func run() async throws {
        try await options.run { api in
            try options.show(try await api.send(FareLensRoutes.me), MeCommand.describe)
        }
    }

    static func describe(_ account: FareLensAccount) -> String {
        let limits = account.entitlements
        return """
            Tier:               \(account.tier.rawValue)\(account.trialEndsAt.map { " (trial ends \(WireFormat.formatDate($0)))" } ?? "")
            Watchlists:         \(limits.maxWatchlists.map { "up to \($0)" } ?? "unlimited")
            Preferred airports: up to \(limits.maxPreferredAirports)
            Watchlist checks:   \(limits.watchlistChecksPerDay) a day
            Immediate alerts:   up to \(limits.immediateAlertsPerDay) a day
            """
    }
}

import ArgumentParser
import CLISupport
import FareLensClient
import Foundation

/// `farelens alerts [history|mute|unmute|prefs]`: what was alerted and why not, and the settings.
struct AlertsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "alerts", abstract: "Your deal alerts and their settings.", subcommands: [History.self, Mute.self, Unmute.self, Prefs.self],
        defaultSubcommand: History.self)

    struct History: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Every alert with its status, newest first.")
        @Option(parsing: .unconditional, help: "How many (1–100).") var limit: String?
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { api in
                try options.show(try await api.send(FareLensRoutes.alertHistory, query: try Rendering.page(limit))) { history in
                    history.data.isEmpty
                        ? "No alerts yet: they come from the scheduled checks of your watchlists."
                        : table(
                            ["WHEN", "ROUTE", "DEPARTS", "AIRLINE", "PRICE", "SCORE", "STATUS"],
                            history.data.map {
                                [
                                    Rendering.when($0.createdAt), Rendering.route($0.origin, $0.destination), $0.departureDate.description, $0.airline,
                                    Rendering.money($0.priceCents, $0.currency), String($0.dealScore),
                                    $0.status.rawValue + ($0.deliverAt.map { " until \(Rendering.when($0))" } ?? ""),
                                ]
                            })
                }
            }
        }
    }

    struct Mute: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Mute a route (--route LAX-JFK) or an airline (--airline UA).")
        @Option(help: "ORIGIN-DEST, e.g. LAX-JFK.") var route: String?
        @Option(help: "A two-character airline code.") var airline: String?
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { api in
                var input = AlertMuteTarget.Input(airline: airline)
                if let route {
                    let parts = route.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
                    guard parts.count == 2 else { throw invalidField("route", "must be ORIGIN-DEST, such as LAX-JFK") }
                    input.route = MutedRouteInput(origin: parts[0], destination: parts[1])
                }
                try options.show(try await api.send(FareLensRoutes.createAlertMute, body: try requireValid(AlertMuteTarget.check(input)))) { mute in
                    "Muted \(mute.route.map { Rendering.route($0.origin, $0.destination) } ?? mute.airline ?? "") — undo with `farelens alerts unmute \(mute.id)`."
                }
            }
        }
    }

    struct Unmute: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Undo a mute.")
        @Argument(help: "The mute's id (printed by `farelens alerts mute`).") var id: String
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { api in
                _ = try await api.send(FareLensRoutes.deleteAlertMute, try Rendering.id(id, "mute") as AlertMuteID)
                print("Unmuted.")
            }
        }
    }

    struct Prefs: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show alert settings; --threshold sets the DealScore an immediate alert needs.")
        @Option(parsing: .unconditional, help: "60–100.") var threshold: String?
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { api in
                let prefs: AlertPreferences
                if let threshold = try Rendering.number(threshold, field: "immediate_threshold") {
                    prefs = try await api.send(FareLensRoutes.updateAlertPreferences, body: AlertPreferencesChanges(immediateThreshold: threshold))
                } else {
                    prefs = try await api.send(FareLensRoutes.alertPreferences)
                }
                try options.show(prefs) { prefs in
                    """
                    Immediate alerts from DealScore \(prefs.immediateThreshold)
                    Muted routes:   \(prefs.mutedRoutes.isEmpty ? "none" : prefs.mutedRoutes.map { Rendering.route($0.origin, $0.destination) }.joined(separator: ", "))
                    Muted airlines: \(prefs.mutedAirlines.isEmpty ? "none" : prefs.mutedAirlines.joined(separator: ", "))
                    """
                }
            }
        }
    }
}

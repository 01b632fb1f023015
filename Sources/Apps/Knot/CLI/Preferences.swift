import ArgumentParser
import CLISupport
import Foundation
import KnotClient

/// `knot preferences [--enable|--disable] [--quiet-start H --quiet-end H]`.
struct Preferences: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show or change notification preferences.")
    @Flag(inversion: .prefixedEnableDisable, help: "Turn reminders on or off.") var notifications: Bool?
    @Option(help: "Quiet hours start (0–23).") var quietStart: Int?
    @Option(help: "Quiet hours end (0–23).") var quietEnd: Int?
    @Option(help: "IANA time zone, e.g. America/Chicago.") var timezone: String?
    @Flag(inversion: .prefixedNo, help: "Keep names and details off the lock screen.") var hideDetails: Bool?
    @OptionGroup var options: SessionOptions

    func run() async throws {
        let changes = notifications != nil || quietStart != nil || quietEnd != nil || timezone != nil || hideDetails != nil
        try await options.run { api in
            let preferences =
                changes
                ? try await api.client.updateNotificationPreferences(
                    NotificationPreferencesUpdate(
                        notificationsEnabled: notifications, quietHoursStart: quietStart, quietHoursEnd: quietEnd, timezone: timezone, hideNotificationDetails: hideDetails))
                : try await api.client.notificationPreferences()
            try options.show(preferences) { preferences in
                [
                    "Reminders:   \(preferences.notificationsEnabled ? "on" : "off")",
                    "Quiet hours: \(SettingsViewModel.formatHour(preferences.quietHoursStart)) – \(SettingsViewModel.formatHour(preferences.quietHoursEnd))",
                    "Time zone:   \(preferences.timezone ?? "not set")",
                    "Lock screen: \(preferences.hideNotificationDetails ? "details hidden" : "full text")",
                ].joined(separator: "\n")
            }
        }
    }
}

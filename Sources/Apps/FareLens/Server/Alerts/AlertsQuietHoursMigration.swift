import Auth
import Persistence

/// Migration 11: FareLens's quiet hours (22–7) for the accounts made before new ones started with
/// them. Those accounts hold the platform's 22–8 in `users`; the FareLens ones still on exactly
/// that move to FareLens's default. A user who chose 22–8 explicitly cannot be told apart, and is
/// moved too (FareLens had no release yet, so no one had). Other hours and other apps' users are
/// left alone. An app's migration may change a platform table: app sets run after the platform's.
public enum AlertsQuietHoursMigration {
    public static let migration = Migration(
        version: 11, name: "farelens default quiet hours for existing accounts",
        template: [statement(from: DefaultQuietHours.platform, to: FareLensAlertService.deliveryRules.defaultQuietHours!)]
    )

    static func statement(from old: DefaultQuietHours, to new: DefaultQuietHours) -> String {
        """
        UPDATE users SET quiet_hours_start = \(new.start), quiet_hours_end = \(new.end)
        WHERE app = '\(FareLensApp.id.rawValue)' AND quiet_hours_start = \(old.start) AND quiet_hours_end = \(old.end)
        """
    }
}

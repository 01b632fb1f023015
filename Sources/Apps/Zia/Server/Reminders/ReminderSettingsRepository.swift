import Foundation
import Persistence
import PlatformCore
import SQLKit
import ZiaAPI

/// The rows of `zia_reminder_settings`: one per category the user changed; a category without a
/// row has its defaults (``ReminderSetting/defaults(for:)``).
enum ReminderSettingsRepository {
    /// The user's three settings (without `next_at`).
    static func load(_ user: UserID, in db: any SQLDatabase) async throws -> ReminderSettings {
        var settings = ReminderSettings(bedtime: .defaults(for: .bedtime), meal: .defaults(for: .meal), chore: .defaults(for: .chore))
        let rows = try await db.raw("SELECT category, enabled, hour, minute, days FROM zia_reminder_settings WHERE user_id = \(bind: user.uuid)").all()
        for row in rows {
            guard let category = ReminderCategory(rawValue: try row.decode(column: "category", as: String.self)) else { continue }
            settings[category] = ReminderSetting(
                enabled: try row.decode(column: "enabled", as: Bool.self), hour: try row.decode(column: "hour", as: Int.self),
                minute: try row.decode(column: "minute", as: Int.self), weekdaysOnly: try row.decode(column: "days", as: String.self) == "1111100")
        }
        return settings
    }

    /// Stores one category's setting (its days as seven 0/1 digits, Monday first).
    static func save(_ setting: ReminderSetting, category: ReminderCategory, for user: UserID, now: Date, in db: any SQLDatabase) async throws {
        let days = ReminderSchedule(setting).days
        try await db.raw(
            """
            INSERT INTO zia_reminder_settings (user_id, category, enabled, hour, minute, days, updated_at)
            VALUES (\(bind: user.uuid), \(bind: category.rawValue), \(bind: setting.enabled), \(bind: setting.hour), \(bind: setting.minute), \(bind: days), \(bind: now))
            ON CONFLICT (user_id, category) DO UPDATE SET enabled = excluded.enabled, hour = excluded.hour, minute = excluded.minute, days = excluded.days,
                updated_at = excluded.updated_at
            """
        ).run()
    }
}

import AppPlatform
import Auth
import Foundation
import Jobs
import Logging
import Notifications
import Persistence
import PlatformCore
import SQLKit
import VibeKeeperAPI

extension ReminderService {
    func timeZone(of user: UserID) async throws -> TimeZone { try await userTimeZone(user, accounts: accounts) }

    /// The occurrences of an occasion from `today` on: this year's and the next two for a recurring
    /// one (29 February on 28 February in other years), the date itself for a one-time one.
    static func occurrences(of occasion: Occasion, from today: LocalDate) -> [LocalDate] {
        guard occasion.recurring else { return occasion.date >= today ? [occasion.date] : [] }
        return (0...2).map { offset in
            let year = today.year + offset
            let day = min(occasion.date.day, LocalDate.daysIn(month: occasion.date.month, year: year))
            return LocalDate(year: year, month: occasion.date.month, day: day)
        }.filter { $0 >= today }
    }
}

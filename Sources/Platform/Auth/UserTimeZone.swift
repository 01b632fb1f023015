import Foundation
import PlatformCore

/// The user's time zone from their notification preferences; UTC when unset or unknown (what an app
/// reads relative dates and local times of day in: a capture's "next Friday", a reminder's 09:00).
public func userTimeZone(_ user: UserID, accounts: AccountRepository?) async throws -> TimeZone {
    guard let name = try await accounts?.preferences(of: user)?.timezone, let zone = TimeZone(identifier: name) else { return TimeZone(identifier: "UTC")! }
    return zone
}

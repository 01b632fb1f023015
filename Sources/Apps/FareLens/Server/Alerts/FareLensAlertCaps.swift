import FareLensAPI
import Foundation
import Logging
import Notifications
import PlatformAPI
import PlatformCore

/// FareLens's daily cap of immediate alerts per user, by tier (Free 3, Pro 6): the notification
/// engine's cap resolver for FareLens.
public struct FareLensAlertCaps: NotificationCapResolving {
    let accounts: FareLensAccountRepository

    public init(accounts: FareLensAccountRepository) { self.accounts = accounts }

    public func dailyCap(for user: UserID, category: String) async throws -> Int? {
        guard category == FareLensAlertService.category else { return nil }
        return AlertRules.dailyCap(for: try await accounts.account(for: user).tier)
    }
}

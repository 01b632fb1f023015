import AppPlatform
import FareLensAPI
import Foundation
import Persistence
import PlatformCore
import SQLKit

/// A watchlist to check, with what the check needs of its owner: their tier (quota priority) and
/// their time zone's name as the platform stores it (nil: unset, read as UTC).
struct WatchedList: Sendable {
    var watchlist: Watchlist
    var user: UserID
    var tier: FareLensTier
}

import Foundation
import Hummingbird
import PlatformCore

/// The users allowed on an app's admin routes (`ADMIN_ALLOWLIST_USER_IDS`): a platform feature,
/// so every app that has operator routes checks the same list the same way instead of each
/// reading its own setting. Empty (the default) allows nobody.
public struct AdminAllowList: Sendable, Equatable {
    public let users: Set<UserID>

    public init(_ users: Set<UserID> = []) {
        self.users = users
    }

    /// Parses the setting's comma-separated user ids (UUIDs; blanks between commas are skipped).
    /// Anything else throws ``ConfigurationInvalid`` naming `key` and the offending entry, so the
    /// server refuses to start rather than silently locking out (or letting in) an operator.
    public init(parsing entries: [String], key: String) throws {
        var users: Set<UserID> = []
        for entry in entries.map({ $0.trimmingCharacters(in: .whitespaces) }) where !entry.isEmpty {
            guard let user = UserID(entry) else {
                throw ConfigurationInvalid("\(key): '\(entry)' is not a user id (a UUID such as 3f2b…-…)")
            }
            users.insert(user)
        }
        self.users = users
    }

    public func allows(_ user: UserID) -> Bool { users.contains(user) }

    /// The 403 a signed-in user off the list gets.
    public static func forbidden() -> APIError {
        APIError(.forbidden, code: "not_an_admin", message: "This route is for the operators on the admin allow-list.")
    }
}

import Foundation

/// The answer of `DELETE …/users/me`: the account and everything in it are gone.
public struct AccountDeletion: Codable, Sendable, Equatable {
    public var status: String
    public var message: String

    public init(status: String = "deleted", message: String = "Account and all associated data have been permanently deleted.") {
        self.status = status
        self.message = message
    }
}

import Foundation
import PlatformCore
import SQLKit

/// Thrown by ``Database/transaction(owner:_:)`` when the account the write belongs to no longer
/// exists — it was deleted while the request ran. The bearer middleware answers it with 401.
public struct OwnerGone: Error, CustomStringConvertible {
    /// The account (user ID) the write belonged to.
    public let owner: UUID
    public var description: String { "the account \(owner.lowercasedString) no longer exists" }
}

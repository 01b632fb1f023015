import Crypto
import Foundation
import PlatformCore
import SQLKit

/// Whose vectors a search reads: one owner's, or the shared corpus (owner NULL).
enum VectorScope {
    case owner(UserID)
    case corpus

    /// The scope's condition on `owner_id`.
    var condition: SQLQueryString {
        switch self {
        case .owner(let owner): "owner_id = \(bind: owner.uuid)"
        case .corpus: "owner_id IS NULL"
        }
    }
}

import Foundation
import KnotAPI
import NIOCore
import Persistence
import PlatformCore
import SQLKit

/// One request for a page of a user's hints (``HintRepository/listJSON(for:limit:cursor:offset:)``).
struct HintPageRequest: Sendable {
    let user: UserID
    let limit: Int
    let cursor: HintCursor?
    let offset: Int
}

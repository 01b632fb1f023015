import Foundation
import Hummingbird
import HummingbirdCore
import Persistence
import PlatformCore
import SQLKit

/// An `If-Match` that is not written as entity tags (a tag without its quotes, an empty value):
/// it matches no version, so the write is refused as for a changed entity, with how to write it.
public struct UnreadableIfMatch: Error, Equatable {}

extension UnreadableIfMatch: APIErrorConvertible {
    /// 412 `precondition_failed`, saying what `If-Match` must hold.
    public var apiError: APIError {
        .preconditionFailed("If-Match must be * or the ETag this server sent, quotes included (\"2026-11-23T10:04:05.123Z\"); nothing was changed.")
    }
}

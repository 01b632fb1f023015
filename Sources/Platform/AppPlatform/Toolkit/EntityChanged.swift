import Foundation
import Hummingbird
import HummingbirdCore
import Persistence
import PlatformCore
import SQLKit

/// The entity changed since the version a write's `If-Match` names: the write is refused and
/// nothing changes.
public struct EntityChanged: Error, Equatable {
    /// What the entity is called ("gift idea").
    public let entity: String
}

extension EntityChanged: APIErrorConvertible {
    /// 412 `precondition_failed`.
    public var apiError: APIError {
        .preconditionFailed("This \(entity) changed since you last loaded it: load it again and reapply your change.")
    }
}

/// `value` with `ETag` (its version), as GET, PUT and the 201 of POST answer one entity.
public func tagged<T: ResponseEncodable>(_ value: T, updatedAt: Date, status: HTTPResponse.Status = .ok) -> EditedResponse<T> {
    EditedResponse(status: status, headers: .eTag(updatedAt: updatedAt), response: value)
}

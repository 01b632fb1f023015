import Foundation
import PlatformAPI

/// The owner named by `GET /households/by_user/{user_id}`: any user id parses, and any but the
/// caller's is the 404 `household_not_found`, exactly as a missing household would be.
public struct HouseholdOwner: PathParameter, Hashable {
    public let userID: UserID

    public init(_ userID: UserID) { self.userID = userID }
    public init?(pathComponent: String) {
        guard let id = UserID(pathComponent) else { return nil }
        userID = id
    }
    public var pathComponent: String { userID.description }
    public static var notFoundName: String { "Household" }
    public static var notFoundCode: String { "household_not_found" }
}

import Foundation

/// Marker for user accounts; `UserID` is the typed ID every owner-scoped query takes.
public enum UserAccount {}

/// A user account's ID: the `sub` of its tokens and the owner every query is scoped by.
public typealias UserID = TypedID<UserAccount>

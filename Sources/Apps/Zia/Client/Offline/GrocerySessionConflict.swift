import Foundation

/// Changes to a shopping trip the server would not take because the trip was closed (completed or
/// abandoned) on another device, or is gone: kept for the user to see, never silently lost.
public struct GrocerySessionConflict: Codable, Sendable, Equatable {
    public var sessionID: GrocerySessionID
    /// The server's words.
    public var message: String
    /// The changes that were not saved, in the order they were made.
    public var unsaved: [OutboxOperation]

    public init(sessionID: GrocerySessionID, message: String, unsaved: [OutboxOperation]) {
        self.sessionID = sessionID
        self.message = message
        self.unsaved = unsaved
    }
}

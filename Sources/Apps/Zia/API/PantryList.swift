import Foundation
import PlatformAPI

/// `GET /pantry`'s answer: the caller's pantry by aisle, then name.
public struct PantryList: Codable, Sendable, Equatable {
    public var items: [PantryItem]
    public init(items: [PantryItem]) { self.items = items }
}

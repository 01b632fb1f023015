import Foundation
import PlatformAPI

/// Where a shopping session is: in progress until completed or abandoned (then closed for good).
public enum GrocerySessionStatus: String, Codable, Sendable, CaseIterable {
    case inProgress = "in_progress", completed, abandoned
}

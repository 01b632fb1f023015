import Foundation
import Hummingbird
import Logging
import PlatformCore

/// What sources are asked for.
public struct SourceRequest: Sendable {
    public var interests: [String]
    public var vibes: [Vibe]
    public var city: String?
    public var state: String?
    public var country: String
    public var currency: String
    public var budgetMin: Int
    public var budgetMax: Int
    public var occasion: OccasionType
}

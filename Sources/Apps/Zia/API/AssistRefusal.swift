import Foundation
import PlatformAPI

/// A `refusal` event's data: why, and the text to show.
public struct AssistRefusal: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case reason, refusalText = "refusal_text" }
    /// `medical`, `age_inappropriate`, `unsafe_plan`, …
    public var reason: String
    public var refusalText: String

    public init(reason: String, refusalText: String) {
        self.reason = reason
        self.refusalText = refusalText
    }
}

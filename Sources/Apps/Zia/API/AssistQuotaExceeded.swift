import Foundation
import PlatformAPI

/// A `quota_exceeded` event's data: the monthly allowance, what was used and when it renews.
public struct AssistQuotaExceeded: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case limit, used, resetsAt = "resets_at", message }
    public var limit: Int
    public var used: Int
    public var resetsAt: Date
    public var message: String

    public init(limit: Int, used: Int, resetsAt: Date, message: String) {
        self.limit = limit
        self.used = used
        self.resetsAt = resetsAt
        self.message = message
    }
}

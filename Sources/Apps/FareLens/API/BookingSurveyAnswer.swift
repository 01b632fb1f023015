import Foundation
import PlatformAPI

/// The stored survey answer.
public struct BookingSurveyAnswer: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case dealID = "deal_id", completed, answeredAt = "answered_at" }
    public var dealID: String
    public var completed: Bool
    public var answeredAt: Date

    public init(dealID: String, completed: Bool, answeredAt: Date) {
        self.dealID = dealID
        self.completed = completed
        self.answeredAt = answeredAt
    }
}

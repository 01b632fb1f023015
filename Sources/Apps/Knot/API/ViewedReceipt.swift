import Foundation

/// The answer of `PATCH /notifications/{id}/viewed`.
public struct ViewedReceipt: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case id, viewedAt = "viewed_at" }
    public var id: NotificationID
    public var viewedAt: Date

    public init(id: NotificationID, viewedAt: Date) {
        self.id = id
        self.viewedAt = viewedAt
    }
}

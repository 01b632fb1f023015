import Foundation
import PlatformAPI

/// Feedback as stored, answered by `POST /feedback` (201).
public struct Feedback: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case id, runID = "run_id", signal, comment, payload, createdAt = "created_at" }
    public var id: UUID
    public var runID: UUID
    public var signal: FeedbackSignal
    public var comment: String?
    public var payload: JSONValue?
    public var createdAt: Date

    public init(id: UUID, runID: UUID, signal: FeedbackSignal, comment: String?, payload: JSONValue?, createdAt: Date) {
        self.id = id
        self.runID = runID
        self.signal = signal
        self.comment = comment
        self.payload = payload
        self.createdAt = createdAt
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(UUID.self, forKey: .id)
        runID = try container.decode(UUID.self, forKey: .runID)
        signal = try container.decode(FeedbackSignal.self, forKey: .signal)
        comment = try container.decodeIfPresent(String.self, forKey: .comment)
        payload = try container.decodeIfPresent(JSONValue.self, forKey: .payload)
        if payload == .null { payload = nil }
        createdAt = try container.decode(Date.self, forKey: .createdAt)
    }

    /// Every field; an absent comment or payload as `null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id.lowercasedString, forKey: .id)
        try container.encode(runID.lowercasedString, forKey: .runID)
        try container.encode(signal, forKey: .signal)
        try container.encodeNullable(comment, forKey: .comment, in: encoder)
        try container.encodeNullable(payload, forKey: .payload, in: encoder)
        try container.encode(createdAt, forKey: .createdAt)
    }
}

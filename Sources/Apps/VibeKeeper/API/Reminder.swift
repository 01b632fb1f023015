import Foundation
import PlatformAPI

/// A reminder (docs/vibekeeper.md, "Automatic reminders"): about a gift idea, or — `occasion_id` set — about a contact's recurring
/// occasion, which reminds again every year.
public struct Reminder: Codable, Sendable, Equatable, Identifiable {
    enum CodingKeys: String, CodingKey {
        case id, giftIdeaId = "gift_idea_id", occasionId = "occasion_id", scheduledFor = "scheduled_for", message, channel, status, automatic,
            createdAt = "created_at", updatedAt = "updated_at"
    }
    public var id: ReminderID
    public var giftIdeaId: GiftIdeaID?
    public var occasionId: OccasionID?
    public var scheduledFor: Date
    public var message: String
    public var channel: ReminderChannel
    public var status: ReminderStatus
    /// True for the reminders the server keeps itself: at the lead time before a dated idea, and
    /// before each recurring occasion of a contact.
    public var automatic: Bool
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        id: ReminderID, giftIdeaId: GiftIdeaID?, occasionId: OccasionID? = nil, scheduledFor: Date, message: String, channel: ReminderChannel = .push,
        status: ReminderStatus = .pending, automatic: Bool, createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.giftIdeaId = giftIdeaId
        self.occasionId = occasionId
        self.scheduledFor = scheduledFor
        self.message = message
        self.channel = channel
        self.status = status
        self.automatic = automatic
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// Absent values are sent as `null`, so clients always see every field.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encodeNullable(giftIdeaId, forKey: .giftIdeaId, in: encoder)
        try c.encodeNullable(occasionId, forKey: .occasionId, in: encoder)
        try c.encode(scheduledFor, forKey: .scheduledFor)
        try c.encode(message, forKey: .message)
        try c.encode(channel, forKey: .channel)
        try c.encode(status, forKey: .status)
        try c.encode(automatic, forKey: .automatic)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(updatedAt, forKey: .updatedAt)
    }

    /// The reminder message (docs/vibekeeper.md, "Automatic reminders"): "Don't forget {name}'s {occasion} on {Month day}!".
    public static func message(recipient: String, occasion: String, month: Int, day: Int) -> String {
        let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
        return "Don't forget \(recipient)'s \(occasion) on \(months[month - 1]) \(day)!"
    }

    /// The push title (docs/vibekeeper.md, "Automatic reminders"): "Gift Reminder: {name}'s {occasion}".
    public static func title(recipient: String, occasion: String) -> String {
        "Gift Reminder: \(recipient)'s \(occasion)"
    }
}

import Foundation
import PlatformAPI

/// The body of `POST /reminders` (docs/vibekeeper.md, "API"): the message defaults to
/// "Don't forget {name}'s {occasion} on {Month day}!" for the idea ("Automatic reminders").
public struct NewReminder: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case giftIdeaId = "gift_idea_id", scheduledFor = "scheduled_for", message, channel }
    public var giftIdeaId: GiftIdeaID
    public var scheduledFor: Date
    public var message: String?
    public var channel: ReminderChannel

    public init(giftIdeaId: GiftIdeaID, scheduledFor: Date, message: String? = nil, channel: ReminderChannel = .push) {
        self.giftIdeaId = giftIdeaId
        self.scheduledFor = scheduledFor
        self.message = message
        self.channel = channel
    }

    /// The body as it arrives.
    public struct Input: Codable, Sendable, Equatable {
        typealias CodingKeys = NewReminder.CodingKeys
        public var giftIdeaId: String?
        public var scheduledFor: String?
        public var message: String?
        public var channel: String?

        public init(giftIdeaId: String? = nil, scheduledFor: String? = nil, message: String? = nil, channel: String? = nil) {
            self.giftIdeaId = giftIdeaId
            self.scheduledFor = scheduledFor
            self.message = message
            self.channel = channel
        }
    }

    /// `gift_idea_id` required (the caller's idea, which the server checks: 404); `scheduled_for` an
    /// ISO 8601 instant no more than a minute in the past; message at most 500 characters;
    /// channel `push` (the only one so far).
    public static func check(_ input: Input, now: Date) -> Checked<NewReminder> {
        var v = Validator()
        var idea: GiftIdeaID?
        if let raw = input.giftIdeaId {
            idea = GiftIdeaID(raw)
            v.check(idea != nil, "gift_idea_id", "must be the id of one of your gift ideas")
        } else {
            v.fail("gift_idea_id", "is required")
        }
        let when = ReminderFieldRules.instant(input.scheduledFor, now: now, &v)
        let message = v.optionalText(input.message, "message", maxLength: VibeKeeperRules.maxReminderMessageLength)
        var channel: ReminderChannel? = .push
        if let raw = input.channel { channel = v.requireEnum(raw, "channel", as: ReminderChannel.self) }
        return .from(v) {
            guard let idea, let when, let channel else { return nil }
            return NewReminder(giftIdeaId: idea, scheduledFor: when, message: message, channel: channel)
        }
    }
}

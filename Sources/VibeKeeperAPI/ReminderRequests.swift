import Foundation
import PlatformAPI

extension VibeKeeperRules {
    public static let maxReminderMessageLength = 500
    /// How far in the past a new `scheduled_for` may be (clock skew): it then goes out at once.
    public static let reminderPastTolerance: TimeInterval = 60
}

/// The body of `POST /reminders` (seed `ReminderCreate`): the message defaults to the seed's
/// "Don't forget {name}'s {occasion} on {Month day}!" for the idea.
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

/// The body of `PUT /reminders/{id}`: only the fields to change. A new `scheduled_for` moves the
/// delivery; `status` may be set to `cancelled` (or back to `pending`) — `sent` and `failed` are the
/// server's to set.
public struct ReminderChanges: Sendable, Equatable {
    public var scheduledFor: Date?
    public var message: String?
    public var channel: ReminderChannel?
    public var status: ReminderStatus?

    public init(scheduledFor: Date? = nil, message: String? = nil, channel: ReminderChannel? = nil, status: ReminderStatus? = nil) {
        self.scheduledFor = scheduledFor
        self.message = message
        self.channel = channel
        self.status = status
    }

    /// The body as it arrives.
    public struct Input: Decodable, Sendable, Equatable {
        enum CodingKeys: String, CodingKey { case scheduledFor = "scheduled_for", message, channel, status }
        public var scheduledFor: PatchValue<String>
        public var message: PatchValue<String>
        public var channel: PatchValue<String>
        public var status: PatchValue<String>

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            scheduledFor = try c.decodePatch(String.self, forKey: .scheduledFor)
            message = try c.decodePatch(String.self, forKey: .message)
            channel = try c.decodePatch(String.self, forKey: .channel)
            status = try c.decodePatch(String.self, forKey: .status)
        }
    }

    public static func check(_ input: Input, now: Date) -> Checked<ReminderChanges> {
        var v = Validator()
        var changes = ReminderChanges()
        switch input.scheduledFor {
        case .unchanged: break
        case .cleared: v.fail("scheduled_for", "is required")
        case .set(let raw): changes.scheduledFor = ReminderFieldRules.instant(raw, now: now, &v)
        }
        switch input.message {
        case .unchanged: break
        case .cleared: v.fail("message", "is required")
        case .set(let raw): changes.message = v.requireText(raw, "message", maxLength: VibeKeeperRules.maxReminderMessageLength)
        }
        switch input.channel {
        case .unchanged: break
        case .cleared: v.fail("channel", "must be one of: push")
        case .set(let raw): changes.channel = v.requireEnum(raw, "channel", as: ReminderChannel.self)
        }
        switch input.status {
        case .unchanged: break
        case .cleared: v.fail("status", "must be pending or cancelled")
        case .set(let raw):
            if raw == ReminderStatus.pending.rawValue || raw == ReminderStatus.cancelled.rawValue {
                changes.status = ReminderStatus(rawValue: raw)
            } else {
                v.fail("status", "must be pending or cancelled (sent and failed are set by the server)")
            }
        }
        return .from(v) { changes }
    }
}

/// The filters of `GET /reminders`.
public struct ReminderFilter: Sendable, Equatable {
    public var status: ReminderStatus?
    public var from: Date?
    public var to: Date?

    public init(status: ReminderStatus? = nil, from: Date? = nil, to: Date? = nil) {
        self.status = status
        self.from = from
        self.to = to
    }

    /// `status`, `from_date`, `to_date` (an ISO 8601 instant, or a `YYYY-MM-DD` day: from its
    /// start, to its end, in UTC).
    public static func parse(_ parameter: (String) -> String?, _ v: inout Validator) -> ReminderFilter {
        var filter = ReminderFilter()
        if let raw = parameter("status") { filter.status = v.requireEnum(raw, "status", as: ReminderStatus.self) }
        if let raw = parameter("from_date") { filter.from = ReminderFieldRules.bound(raw, "from_date", endOfDay: false, &v) }
        if let raw = parameter("to_date") { filter.to = ReminderFieldRules.bound(raw, "to_date", endOfDay: true, &v) }
        if let from = filter.from, let to = filter.to, from > to { v.fail("to_date", "must not be before from_date") }
        return filter
    }
}

enum ReminderFieldRules {
    static func instant(_ raw: String?, now: Date, _ v: inout Validator) -> Date? {
        guard let raw else {
            v.fail("scheduled_for", "is required")
            return nil
        }
        guard let date = ISO8601.date(from: raw) else {
            v.fail("scheduled_for", ISO8601.requirement)
            return nil
        }
        guard date >= now.addingTimeInterval(-VibeKeeperRules.reminderPastTolerance) else {
            v.fail("scheduled_for", "must not be in the past")
            return nil
        }
        return date
    }

    static func bound(_ raw: String, _ field: String, endOfDay: Bool, _ v: inout Validator) -> Date? {
        if let day = LocalDate(parsing: raw) {
            let start = day.instant(hour: 0, in: TimeZone(identifier: "UTC")!)
            return endOfDay ? start.addingTimeInterval(86_400 - 0.001) : start
        }
        if let date = ISO8601.date(from: raw) { return date }
        v.fail(field, "must be a date (YYYY-MM-DD) or " + ISO8601.requirement.dropFirst("must be ".count))
        return nil
    }
}

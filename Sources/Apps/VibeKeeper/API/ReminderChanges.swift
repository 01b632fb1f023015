import Foundation
import PlatformAPI

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

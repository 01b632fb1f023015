import Foundation

/// The body of `PUT /milestones/{id}/notifications`, and its answer: whether the milestone triggers
/// reminders. Turning it off cancels the milestone's pending reminders; turning it on schedules them.
public struct MilestoneReminderSetting: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case milestoneId = "milestone_id", notificationsEnabled = "notifications_enabled" }
    public var milestoneId: MilestoneID?
    public var notificationsEnabled: Bool

    public init(milestoneId: MilestoneID? = nil, notificationsEnabled: Bool) {
        self.milestoneId = milestoneId
        self.notificationsEnabled = notificationsEnabled
    }

    /// The body as it arrives.
    public struct Input: Codable, Sendable, Equatable {
        typealias CodingKeys = MilestoneReminderSetting.CodingKeys
        public var milestoneId: String?
        public var notificationsEnabled: Bool?

        public init(notificationsEnabled: Bool? = nil) { self.notificationsEnabled = notificationsEnabled }
    }

    /// `notifications_enabled` is required.
    public static func check(_ input: Input) -> Checked<Bool> {
        var v = Validator()
        v.check(input.notificationsEnabled != nil, "notifications_enabled", "is required (true or false)")
        return .from(v) { input.notificationsEnabled }
    }
}

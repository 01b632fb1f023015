import Foundation

/// A chore schedule the chores agent planned: the kind of chore, how often, and each occurrence
/// with its task, who does it and for how long.
public struct ChorePlan: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case choreType = "chore_type", frequency, schedule }
    /// One occurrence: the weekday (`monday`…), the task, who does it, and its minutes.
    public struct Entry: Codable, Sendable, Equatable {
        public var day: String
        public var task: String
        public var assignee: String
        public var minutes: Int

        public init(day: String, task: String, assignee: String, minutes: Int) {
            self.day = day
            self.task = task
            self.assignee = assignee
            self.minutes = minutes
        }
    }
    /// `cleaning`, `laundry`, `dishes`, `tidying`, `organizing`, …
    public var choreType: String
    /// `daily` or `weekly`.
    public var frequency: String
    public var schedule: [Entry]

    public init(choreType: String, frequency: String, schedule: [Entry]) {
        self.choreType = choreType
        self.frequency = frequency
        self.schedule = schedule
    }
}

import Foundation

/// A routine the routine agent planned, typed so a client can show it as a checklist and the next
/// issue can save it: its kind, its steps at clock times, and how long it takes.
public struct RoutinePlan: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case type, steps, totalMinutes = "total_minutes" }
    /// One step: when it starts (`HH:MM`, 24-hour), what it is, and how many minutes it takes.
    public struct Step: Codable, Sendable, Equatable {
        public var time: String
        public var title: String
        public var minutes: Int

        public init(time: String, title: String, minutes: Int) {
            self.time = time
            self.title = title
            self.minutes = minutes
        }
    }
    /// `bedtime`, `morning` or `nap`.
    public var type: String
    public var steps: [Step]
    /// The steps' minutes summed.
    public var totalMinutes: Int

    public init(type: String, steps: [Step]) {
        self.type = type
        self.steps = steps
        self.totalMinutes = steps.reduce(0) { $0 + $1.minutes }
    }
}

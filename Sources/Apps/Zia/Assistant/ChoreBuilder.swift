import Foundation
import ZiaAPI

/// Builds a chore schedule from templates and the household: the chore's kind and frequency from
/// the goal, its tasks spread over the week, each assigned in turn to a member old enough for it
/// (adults for anything, kids from the task's minimum age).
public struct ChoreBuilder: Sendable {
    /// One templated task: what, how long, and the youngest age that can do it.
    struct Task {
        let title: String
        let minutes: Int
        let minAge: Int
    }

    /// Kind → (the goal's words that name it, default frequency, tasks).
    static let kinds: [(kind: String, words: Set<String>, frequency: String, tasks: [Task])] = [
        (
            "laundry", ["laundry", "laundries", "wash", "washing", "clothes", "fold", "folding", "ironing"], "weekly",
            [
                Task(title: "Sort and start a load", minutes: 15, minAge: 8), Task(title: "Fold and put away clothes", minutes: 20, minAge: 5),
                Task(title: "Match socks", minutes: 10, minAge: 3),
            ]
        ),
        (
            "dishes", ["dish", "dishes", "dishwasher", "washing-up"], "daily",
            [
                Task(title: "Clear the table", minutes: 5, minAge: 3), Task(title: "Load or wash the dishes", minutes: 15, minAge: 8),
                Task(title: "Wipe counters", minutes: 5, minAge: 6),
            ]
        ),
        (
            "organizing", ["organize", "organizing", "organise", "organising", "closet", "pantry", "garage", "declutter", "decluttering", "storage"], "weekly",
            [
                Task(title: "Declutter one shelf or drawer", minutes: 20, minAge: 6), Task(title: "Sort items to keep, donate, recycle", minutes: 20, minAge: 8),
                Task(title: "Label bins", minutes: 15, minAge: 5),
            ]
        ),
        (
            "tidying", ["tidy", "tidying", "tidies", "toys", "mess", "pick", "playroom", "bedroom"], "daily",
            [
                Task(title: "Ten-minute toy pick-up", minutes: 10, minAge: 3), Task(title: "Make beds", minutes: 5, minAge: 5),
                Task(title: "Reset the living room", minutes: 10, minAge: 6),
            ]
        ),
        (
            "cleaning", ["clean", "cleaning", "vacuum", "vacuuming", "mop", "mopping", "dust", "dusting", "scrub", "bathroom", "kitchen", "sweep"], "weekly",
            [
                Task(title: "Wipe the kitchen and empty the bins", minutes: 20, minAge: 8), Task(title: "Dust surfaces", minutes: 15, minAge: 5),
                Task(title: "Vacuum and mop the floors", minutes: 30, minAge: 10), Task(title: "Clean the bathroom", minutes: 25, minAge: 12),
            ]
        ),
    ]

    public init() {}

    /// The chore kind a goal names (`cleaning` when none).
    public func kind(for goal: String) -> String {
        let words = Set(IntentClassifier.words(goal))
        return Self.kinds.first { !$0.words.isDisjoint(with: words) }?.kind ?? "cleaning"
    }

    /// `daily` or `weekly`: what the goal says, else the kind's default.
    public func frequency(for goal: String, kind: String) -> String {
        let words = Set(IntentClassifier.words(goal))
        if !words.isDisjoint(with: ["daily", "day", "nightly", "night", "everyday"]) { return "daily" }
        if !words.isDisjoint(with: ["weekly", "week", "weekend", "weekends"]) { return "weekly" }
        return Self.kinds.first { $0.kind == kind }?.frequency ?? "weekly"
    }

    /// The days a weekly schedule of `count` tasks uses, in week order: every other day from Monday
    /// (Monday, Wednesday, Friday, Sunday, then the days between; one task a day, seven at most).
    static func weeklyDays(count: Int) -> [Weekday] {
        ChoreSchedule.week(on: Set((0..<min(count, 7)).compactMap { Weekday(rawValue: $0 * 2 % 7) }))
    }

    public func build(kind: String, frequency: String, household: HouseholdProfile) -> ChorePlan {
        let tasks = Self.kinds.first { $0.kind == kind }?.tasks ?? Self.kinds.last!.tasks
        let members: [(name: String, age: Int)] = household.adults.map { ($0.name, 99) } + household.kids.map { ($0.name, $0.age) }
        // Daily: every task every day; weekly: the tasks spread over the week, one every other day.
        // The days are ``ChoreSchedule``'s over one week (docs/zia.md, "Chores").
        let slots: [(day: String, task: Task)] =
            frequency == "daily"
            ? ChoreSchedule.week(on: Set(Weekday.allCases)).flatMap { day in tasks.map { (day.name, $0) } }
            : Array(zip(Self.weeklyDays(count: tasks.count).map(\.name), tasks))
        var turn = 0
        let schedule = slots.map { slot -> ChorePlan.Entry in
            let able = members.filter { $0.age >= slot.task.minAge }
            let assignee = able.isEmpty ? "Me" : able[turn % able.count].name
            turn += 1
            return ChorePlan.Entry(day: slot.day, task: slot.task.title, assignee: assignee, minutes: slot.task.minutes)
        }
        return ChorePlan(choreType: kind, frequency: frequency, schedule: schedule)
    }
}

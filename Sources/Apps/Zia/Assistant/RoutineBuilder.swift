import Foundation
import ZiaAPI

/// Builds a bedtime, morning or nap routine from templates and the household: the youngest kid's
/// age picks the template's steps and default times, the household's bedtime preferences set the
/// clock (lights out at `bedtime` after `wind_down_minutes`; the morning starts at `wake_time`).
public struct RoutineBuilder: Sendable {
    /// The routines the agent builds (`meta.routine_type`).
    public enum Kind: String, Sendable, CaseIterable { case bedtime, morning, nap }

    public init() {}

    /// The routine a goal asks for: nap, morning or (by default) bedtime.
    public func kind(for goal: String) -> Kind {
        let words = Set(IntentClassifier.words(goal))
        if !words.isDisjoint(with: ["nap", "naps", "napping", "naptime", "afternoon"]) { return .nap }
        if !words.isDisjoint(with: ["morning", "mornings", "wake", "waking", "breakfast", "school", "sunrise"]) { return .morning }
        return .bedtime
    }

    public func build(_ kind: Kind, household: HouseholdProfile) -> RoutinePlan {
        let youngest = household.kids.map(\.age).min()
        let preferences = household.bedtimePreferences
        switch kind {
        case .bedtime:
            let steps: [(String, Int)] =
                (youngest ?? 6) <= 2
                ? [
                    ("Warm bath", 15), ("Pajamas and a fresh diaper", 10), ("Feed and brush teeth", 15), ("Quiet song or book, dim lights", 10),
                    ("Cuddle, goodnight, lights out", 5),
                ]
                : [("Screens off, tidy toys away", 10), ("Bath or wash-up", 15), ("Pajamas and brush teeth", 10), ("Story time", 15), ("Cuddle, goodnight, lights out", 5)]
            let windDown = min(max(preferences.windDownMinutes ?? 55, 20), 120)
            let lightsOut = Self.minutes(preferences.bedtime) ?? Self.defaultBedtime(youngest)
            return RoutinePlan(type: kind.rawValue, steps: Self.timed(Self.scaled(steps, to: windDown), from: lightsOut - windDown))
        case .morning:
            var steps: [(String, Int)] = [
                ("Wake up, open the curtains, a good-morning cuddle", 5), ("Bathroom, wash face, brush teeth", 10), ("Get dressed", 10), ("Breakfast together", 20),
            ]
            if (youngest ?? 6) >= 4 { steps.append(("Shoes, coats and bags by the door", 10)) }
            return RoutinePlan(type: kind.rawValue, steps: Self.timed(steps, from: Self.minutes(preferences.wakeTime) ?? 7 * 60))
        case .nap:
            let sleep = (youngest ?? 3) <= 2 ? 90 : 60
            let steps: [(String, Int)] = [("Quiet play and wind down", 10), ("Diaper or bathroom, comfy clothes", 5), ("One short book, curtains closed", 10), ("Nap", sleep)]
            return RoutinePlan(type: kind.rawValue, steps: Self.timed(steps, from: 13 * 60 - 25))
        }
    }

    static func defaultBedtime(_ youngest: Int?) -> Int {
        switch youngest ?? 6 {
        case ...2: 19 * 60
        case 3...5: 19 * 60 + 30
        case 6...9: 20 * 60
        default: 21 * 60
        }
    }

    /// `steps` scaled to `total` minutes (each at least 5, the last taking the rounding).
    static func scaled(_ steps: [(String, Int)], to total: Int) -> [(String, Int)] {
        let sum = steps.reduce(0) { $0 + $1.1 }
        var scaled = steps.map { ($0.0, max(5, Int((Double($0.1) * Double(total) / Double(sum)).rounded()))) }
        let drift = total - scaled.reduce(0) { $0 + $1.1 }
        if let longest = scaled.indices.max(by: { scaled[$0].1 < scaled[$1].1 }) { scaled[longest].1 = max(5, scaled[longest].1 + drift) }
        return scaled
    }

    static func timed(_ steps: [(String, Int)], from start: Int) -> [RoutinePlan.Step] {
        var clock = start
        return steps.map { title, minutes in
            defer { clock += minutes }
            return RoutinePlan.Step(time: clockTime(clock), title: title, minutes: minutes)
        }
    }

    /// Minutes after midnight of `HH:MM`, or nil.
    static func minutes(_ time: String?) -> Int? {
        guard let parts = time?.split(separator: ":"), parts.count == 2, let hours = Int(parts[0]), let minutes = Int(parts[1]), (0..<24).contains(hours),
            (0..<60).contains(minutes)
        else { return nil }
        return hours * 60 + minutes
    }

    static func clockTime(_ minutes: Int) -> String {
        let wrapped = ((minutes % 1440) + 1440) % 1440
        return String(format: "%02d:%02d", wrapped / 60, wrapped % 60)
    }
}

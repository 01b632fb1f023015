import Foundation
import Observation

/// One step of a routine as Run Mode shows it: what to do, and for how long when the plan says.
public struct RoutineStep: Sendable, Equatable {
    public var title: String
    public var minutes: Int?

    public init(title: String, minutes: Int? = nil) {
        self.title = title
        self.minutes = minutes
    }

    /// The steps of the routine agent's plan.
    public static func steps(of plan: RoutinePlan) -> [RoutineStep] {
        plan.steps.map { RoutineStep(title: $0.title, minutes: $0.minutes) }
    }

    /// The steps of a saved routine: a bedtime routine's `steps`, a chore plan's `schedule` (task,
    /// and who does it); nil for a meal plan or a payload without them.
    public static func steps(of artifact: Artifact) -> [RoutineStep]? {
        guard let data = try? artifact.payload.data() else { return nil }
        let decoder = JSONDecoder()
        switch artifact.artifactType {
        case .bedtimeRoutine:
            struct Payload: Decodable { var steps: [RoutinePlan.Step] }
            return (try? decoder.decode(Payload.self, from: data)).map { $0.steps.map { RoutineStep(title: $0.title, minutes: $0.minutes) } }
        case .chorePlan:
            struct Payload: Decodable { var schedule: [ChorePlan.Entry] }
            return (try? decoder.decode(Payload.self, from: data)).map {
                $0.schedule.map { RoutineStep(title: $0.assignee.isEmpty ? $0.task : "\($0.task) (\($0.assignee))", minutes: $0.minutes) }
            }
        case .mealPlan:
            return nil
        }
    }
}

import Foundation
import ZiaAPI
import ZiaSafety

/// Plans a chore schedule: planning reads the chore's kind and frequency from the goal and builds
/// the schedule from templates and the household (no model call), synthesis writes it up with
/// family-friendly guidance (temperature 0.3, 400 tokens).
struct ChoresAgent: Agent {
    static let synthesisTokens = 400

    func run(_ context: AgentContext) async throws -> AgentResult {
        try await context.progress(.status("Planning chores..."))
        context.ledger.ran("planning")
        let builder = ChoreBuilder()
        let kind = builder.kind(for: context.goal)
        let built = builder.build(kind: kind, frequency: builder.frequency(for: context.goal, kind: kind), household: context.household)
        let food = context.food
        let chores = ChorePlan(choreType: built.choreType, frequency: built.frequency, schedule: built.schedule.filter { food.violations(inText: $0.task).isEmpty })

        context.ledger.ran("synthesis")
        let request = context.request(
            system: "You are Zia, a practical, encouraging parenting assistant.",
            instructions: """
                Write an actionable \(chores.frequency) \(kind) chore schedule for this family from the schedule below, keeping who does what.
                User goal: \(context.goal)
                Tone: family-friendly, encouraging.
                """,
            brief: AgentBrief(task: .chores, goal: context.goal, household: context.household, chores: chores), temperature: 0.3,
            maxTokens: Self.synthesisTokens)
        let gate = OutputGate(screen: context.screen, food: food)
        try await context.stream(request, stage: .synthesis, gate: gate)
        return AgentResult(text: gate.text, chores: chores, state: ["chore_type": kind, "frequency": chores.frequency])
    }
}

import Foundation
import ZiaAPI
import ZiaSafety

/// Plans a bedtime, morning or nap routine: planning picks the kind from the goal and builds the
/// steps from templates and the household's bedtime preferences (no model call: the clock times
/// are arithmetic), synthesis writes the guide (temperature 0.3, 400 tokens).
struct RoutineAgent: Agent {
    static let synthesisTokens = 400

    func run(_ context: AgentContext) async throws -> AgentResult {
        try await context.progress(.status("Planning your routine..."))
        context.ledger.ran("planning")
        let builder = RoutineBuilder()
        let kind = builder.kind(for: context.goal)
        let built = builder.build(kind, household: context.household)
        // A step offering what the family's food rules exclude (warm milk with honey for a baby) is left out.
        let food = context.food
        let routine = RoutinePlan(type: built.type, steps: built.steps.filter { food.violations(inText: $0.title).isEmpty })

        context.ledger.ran("synthesis")
        let request = context.request(
            system: "You are Zia, a calm, encouraging parenting assistant.",
            instructions: """
                Write a step-by-step \(kind.rawValue) routine guide for this family from the steps below, keeping their times and minutes.
                User goal: \(context.goal)
                Tone: family-friendly, encouraging. One line per step, "HH:MM — step (N min)".
                """,
            brief: AgentBrief(task: .routine, goal: context.goal, household: context.household, routine: routine), temperature: 0.3,
            maxTokens: Self.synthesisTokens)
        let gate = OutputGate(screen: context.screen, food: food)
        try await context.stream(request, stage: .synthesis, gate: gate)
        return AgentResult(text: gate.text, routine: routine, state: ["routine_type": kind.rawValue])
    }
}

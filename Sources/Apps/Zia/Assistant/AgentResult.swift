import AIProviders
import Foundation
import ZiaAPI
import ZiaSafety

/// What an agent produced: the text and its typed parts, or a refusal; and its state for `agent_runs`.
struct AgentResult: Sendable {
    var text = ""
    var planText: String?
    var recipes: [Recipe]?
    var grocery: GroceryList?
    var routine: RoutinePlan?
    var chores: ChorePlan?
    var portionNotes: [PortionNote]?
    var refusal: AssistRefusal?
    var state: [String: String] = [:]
}

import AIProviders
import Foundation
import ZiaAPI
import ZiaSafety

/// What a finished run leaves for its `agent_runs` row: the intent, the stages run (`graph`), the
/// final state, the outcome, usage and cost.
public struct AssistRun: Sendable {
    public var intent: AssistIntent
    public var outcome: AssistOutcome
    /// The stages run, in order: `precheck`, then the agent's (`planning`, `retrieval`,
    /// `synthesis`, `allergen_check`).
    public var graph: [String]
    /// `strategy`, `complexity`, `targets` (the models that answered), and the agent's: `query`,
    /// `retrieved_ids`, `recipe_ids`, `repaired`, `routine_type`, `chore_type`, `domain`, …
    public var state: [String: String]
    public var usage: AssistUsage
    public var costUSD: Double
}

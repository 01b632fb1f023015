import ZiaAPI

/// The result of checking a goal before any model call.
public enum Precheck: Sendable, Equatable {
    /// Go on with the goal as redacted; `caveat` (consult-your-pediatrician) goes with the answer.
    case allowed(goal: String, caveat: String?)
    case refused(AssistRefusal)
}

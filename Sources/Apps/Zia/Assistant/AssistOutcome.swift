import AIProviders
import Foundation
import ZiaAPI
import ZiaSafety

/// How a run ended: a result to show, or a refusal.
public enum AssistOutcome: Sendable, Equatable {
    case final(AssistFinal)
    case refusal(AssistRefusal)
}

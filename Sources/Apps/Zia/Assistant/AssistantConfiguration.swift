import AIProviders
import Foundation
import ZiaAPI
import ZiaSafety

/// Per-request limits across every stage of a run (docs/zia.md, "Models").
public struct AssistantConfiguration: Sendable, Equatable {
    public var budgetCents: Int
    public var tokenLimit: Int

    public init(budgetCents: Int = 10, tokenLimit: Int = 2000) {
        self.budgetCents = budgetCents
        self.tokenLimit = tokenLimit
    }
}

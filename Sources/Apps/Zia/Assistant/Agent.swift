import AIProviders
import Foundation
import ZiaAPI
import ZiaSafety

/// One of the four agents.
protocol Agent: Sendable {
    func run(_ context: AgentContext) async throws -> AgentResult
}

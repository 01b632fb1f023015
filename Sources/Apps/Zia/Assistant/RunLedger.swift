import AIProviders
import Foundation
import Synchronization
import ZiaAPI

/// One run's books: the budget left across all its stages (``AssistantConfiguration``), the usage
/// and cost of its calls, and the stages it ran. Every routed call is given what is left — the
/// router checks it against each target before trying it, fallbacks included.
final class RunLedger: Sendable {
    struct Books {
        var remainingTokens: Int
        var remainingUSD: Double
        var usage = AssistUsage()
        var costUSD = 0.0
        var graph: [String] = []
        var targets: [String] = []
    }
    private let books: Mutex<Books>

    init(_ configuration: AssistantConfiguration) {
        books = Mutex(Books(remainingTokens: configuration.tokenLimit, remainingUSD: Double(configuration.budgetCents) / 100))
    }

    /// What the next call may spend. The offline model is exempt: it is local and free, so a run
    /// whose budget is spent still gets an answer.
    var budget: Budget {
        books.withLock { Budget(maxTokens: max(0, $0.remainingTokens), maxCostUSD: max(0, $0.remainingUSD), exemptsOffline: true) }
    }

    func charge(_ routed: RoutedCompletion) {
        books.withLock { books in
            let usage = routed.completion.usage
            books.remainingTokens -= usage.inputTokens + usage.outputTokens
            books.remainingUSD -= routed.costUSD
            books.usage = AssistUsage(inputTokens: books.usage.inputTokens + usage.inputTokens, outputTokens: books.usage.outputTokens + usage.outputTokens)
            books.costUSD += routed.costUSD
            books.targets.append(routed.target)
        }
    }

    func ran(_ stage: String) { books.withLock { $0.graph.append(stage) } }

    var snapshot: Books { books.withLock { $0 } }
}

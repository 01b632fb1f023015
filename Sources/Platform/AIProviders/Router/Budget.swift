import Foundation
import Logging
import PlatformCore
import Synchronization

/// Per-request caps. Checked against every target before it is called — a fallback cannot spend
/// more than the request allowed.
public struct Budget: Sendable, Equatable {
    public var maxTokens: Int?
    public var maxCostUSD: Double?
    /// When true the caps bound only the providers: the purpose's offline model (local and free)
    /// still answers when nothing else fits. When false (the default) it is checked like any target.
    public var exemptsOffline: Bool

    public init(maxTokens: Int? = nil, maxCostUSD: Double? = nil, exemptsOffline: Bool = false) {
        self.maxTokens = maxTokens
        self.maxCostUSD = maxCostUSD
        self.exemptsOffline = exemptsOffline
    }
}

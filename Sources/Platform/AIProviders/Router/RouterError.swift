import Foundation
import Logging
import PlatformCore
import Synchronization

/// Why the router could not answer.
public enum RouterError: Error, Sendable, CustomStringConvertible, Equatable {
    case noRoute(purpose: String)
    case overBudget(purpose: String, details: String)
    case allTargetsFailed(purpose: String, details: String)

    public var description: String {
        switch self {
        case .noRoute(let purpose): "no model is configured for \(purpose)"
        case .overBudget(let purpose, let details): "every model for \(purpose) would exceed the budget (\(details))"
        case .allTargetsFailed(let purpose, let details): "every model for \(purpose) failed (\(details))"
        }
    }
}

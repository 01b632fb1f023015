import Foundation
import Logging
import Observability
import Persistence
import PlatformCore
import ServiceLifecycle

/// What a handler did with a job: finished it, or asked for it to run again later without counting
/// a failure (for example because the user is in quiet hours). Throwing counts as a failed attempt.
public enum JobOutcome: Sendable, Equatable {
    case completed
    case deferred(until: Date)
}

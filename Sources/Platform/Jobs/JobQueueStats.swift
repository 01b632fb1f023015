import Foundation
import Persistence
import PlatformCore
import SQLKit

/// Counts for metrics: due-but-waiting jobs (queue depth), how late the oldest of them is, jobs
/// running now and dead jobs.
public struct JobQueueStats: Sendable, Equatable {
    public var due: Int
    public var scheduled: Int
    public var running: Int
    public var dead: Int
    public var oldestDueLag: TimeInterval
}

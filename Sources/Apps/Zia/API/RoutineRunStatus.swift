import Foundation
import PlatformAPI

/// Where a routine run stands: under way, finished (early or not), or given up.
public enum RoutineRunStatus: String, Codable, Sendable, CaseIterable {
    case inProgress = "in_progress", completed, abandoned
}

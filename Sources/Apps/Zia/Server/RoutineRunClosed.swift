import Foundation
import HTTPTypes
import PlatformCore
import ZiaAPI

/// A move on a routine run that is no longer in progress.
struct RoutineRunClosed: Error, Equatable {
    let status: RoutineRunStatus
}

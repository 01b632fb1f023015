import Foundation
import HTTPTypes
import PlatformCore
import ZiaAPI

/// The artifact a routine run was started from is not the caller's.
struct RoutineArtifactNotFound: Error, Equatable {}

import Foundation
import HTTPTypes
import PlatformCore
import ZiaAPI

/// The routine run is not the caller's (or does not exist).
struct RoutineRunNotFound: Error, Equatable {}

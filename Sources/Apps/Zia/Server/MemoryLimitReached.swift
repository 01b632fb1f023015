import Foundation
import HTTPTypes
import PlatformCore
import ZiaAPI

/// A new memory past the number kept.
struct MemoryLimitReached: Error, Equatable {}

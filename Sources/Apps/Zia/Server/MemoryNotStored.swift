import Foundation
import HTTPTypes
import PlatformCore
import ZiaAPI

/// The memory upsert returned no row: a fault, not the client's (a logged 500).
struct MemoryNotStored: Error, Equatable {}

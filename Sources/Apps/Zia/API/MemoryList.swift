import Foundation
import PlatformAPI

/// `GET /memory`'s answer: the caller's memories, most recently updated first.
public struct MemoryList: Codable, Sendable, Equatable {
    public var memories: [Memory]
    public init(memories: [Memory]) { self.memories = memories }
}

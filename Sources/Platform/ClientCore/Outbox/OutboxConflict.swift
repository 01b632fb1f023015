import Foundation
import PlatformAPI

/// A 412 to a queued change: the change as the user made it (``operation``, its body the local
/// change) and what the server holds now (``server``, the entity's JSON; nil when it was deleted there).
public struct OutboxConflict: Sendable, Equatable {
    public let operation: OutboxOperation
    public let server: Data?
}

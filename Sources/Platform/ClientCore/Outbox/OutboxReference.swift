import Foundation
import PlatformAPI

/// A field of a queued body that holds another entity's id (`recipient_id`), declared by name so a
/// temporary id in it follows the server's, and so the outbox knows what to do when the entity it
/// names never reaches the server.
public struct OutboxReference: Sendable, Hashable {
    /// What becomes of a queued operation whose field names an entity that is gone before it was sent.
    public enum Gone: Sendable, Hashable {
        /// The operation is sent with `null` in the field (an optional link).
        case clear
        /// The operation goes too (it cannot exist without it).
        case drop
    }

    public let field: String
    public let whenGone: Gone

    public init(_ field: String, whenGone: Gone) {
        self.field = field
        self.whenGone = whenGone
    }
}

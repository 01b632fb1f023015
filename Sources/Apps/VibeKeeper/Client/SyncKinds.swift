import Foundation

extension OutboxOperation.Entity {
    public static let giftIdea = Self("giftIdea")
    public static let contact = Self("contact")
    public static let occasion = Self("occasion")
    public static let reminder = Self("reminder")
}

extension OutboxOperation.Kind {
    /// A capture (text, voice or photo) queued with its words and file.
    public static let capture = Self("capture")
    public static let acceptReview = Self("acceptReview")
    public static let discardReview = Self("discardReview")
}

/// What ``SyncManager`` queued before the outbox moved to ClientCore; the same operation.
public typealias PendingOperation = OutboxOperation

import Foundation
import PlatformAPI

/// What every app's offline document (its snapshot of the user's data, saved as one document)
/// holds for its sync engine: the outbox, what sync has to tell the user, and the temporary ids
/// of entities created here that the server has since named. The app adds its entities.
public protocol OfflineDocument: Codable, Sendable {
    /// An empty document (a first launch, or a fresh start after an unreadable one).
    init()
    var outbox: OutboxQueue { get set }
    var notices: [SyncNotice] { get set }
    /// Temporary ids of entities created here → the ids the server gave them.
    var renamed: [UUID: UUID] { get set }
}

import Foundation

/// Where an entity on the device stands against the server (docs/platform/clients.md, "The offline outbox"), one
/// meaning for every app's offline store.
public enum SyncStatus: Int, Codable, Sendable, Comparable {
    /// Same as the server's.
    case synced = 0
    /// Changed (or created) here; the change waits in the outbox.
    case pending = 1
    /// Changed here and elsewhere: both versions are kept until the user chooses.
    case conflict = 2

    public static func < (lhs: SyncStatus, rhs: SyncStatus) -> Bool { lhs.rawValue < rhs.rawValue }
}

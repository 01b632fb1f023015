import Foundation

/// Where an entity on the device stands against the server (seed 4.2 `syncStatus`), one
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

/// One entity as the device keeps it: the user's version, its sync status, and — in a conflict —
/// the server's version beside it.
public struct LocalRecord<Value: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    /// What the user sees: the server's version with their pending changes applied.
    public var value: Value
    public var syncStatus: SyncStatus
    /// In a conflict: what the server holds now.
    public var serverValue: Value?
    /// Created on this device and not yet on the server (its id is temporary).
    public var isLocalOnly: Bool

    public init(value: Value, syncStatus: SyncStatus = .synced, serverValue: Value? = nil, isLocalOnly: Bool = false) {
        self.value = value
        self.syncStatus = syncStatus
        self.serverValue = serverValue
        self.isLocalOnly = isLocalOnly
    }
}

/// Something sync did that the user should hear about (a change the server refused, an entity
/// deleted on another device).
public struct SyncNotice: Codable, Sendable, Equatable, Identifiable {
    public var id: UUID
    public var message: String
    public var at: Date

    public init(id: UUID = UUID(), message: String, at: Date) {
        self.id = id
        self.message = message
        self.at = at
    }
}

import Foundation

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

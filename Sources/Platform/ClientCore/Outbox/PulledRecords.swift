import Foundation
import PlatformAPI

/// How a pull's list from the server meets the device's records of the same kind, one rule for
/// every app.
public enum PulledRecords {
    /// A server's list merged into the device's records: the server's versions replace synced
    /// records; records with unconfirmed changes, in conflict, created here, or `touched` stay as
    /// they are; synced records the server no longer has go.
    public static func merge<Entity, Value>(
        _ local: [TypedID<Entity>: LocalRecord<Value>], server: [Value], id: (Value) -> TypedID<Entity>, touched: Set<UUID>
    ) -> [TypedID<Entity>: LocalRecord<Value>] {
        var merged: [TypedID<Entity>: LocalRecord<Value>] = [:]
        for value in server where !touched.contains(id(value).uuid) { merged[id(value)] = LocalRecord(value: value) }
        for (key, record) in local where record.syncStatus != .synced || record.isLocalOnly || touched.contains(key.uuid) { merged[key] = record }
        return merged
    }
}

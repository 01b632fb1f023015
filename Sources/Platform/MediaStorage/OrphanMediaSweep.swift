import Foundation

/// Removes stored files that no row points to: what a crash, a failed clean-up or a store outage
/// left behind between storing a file and writing (or after deleting) its row. Only files older
/// than ``minimumAge`` are candidates, so an upload still on its way to its row is never taken; the
/// store knows nothing about rows, so the app that owns `prefix` says which keys it still holds.
public struct OrphanMediaSweep: Sendable {
    /// An upload writes its file and then its row within seconds; an hour leaves a wide margin.
    public static let defaultMinimumAge: TimeInterval = 3600

    let store: any MediaStore
    let prefix: String
    let minimumAge: TimeInterval
    let referenced: @Sendable ([String]) async throws -> Set<String>

    /// - Parameters:
    ///   - prefix: the keys this sweep looks at (one app's, such as `<app>/`).
    ///   - referenced: which of the given keys still have a row.
    public init(
        store: any MediaStore, prefix: String, minimumAge: TimeInterval = Self.defaultMinimumAge,
        referenced: @escaping @Sendable ([String]) async throws -> Set<String>
    ) {
        self.store = store
        self.prefix = prefix
        self.minimumAge = minimumAge
        self.referenced = referenced
    }

    /// Removes every file under the prefix written before `now` minus the minimum age that has no
    /// row; answers how many were removed.
    @discardableResult
    public func run(now: Date) async throws -> Int {
        let cutoff = now.addingTimeInterval(-minimumAge)
        return try await store.removeObjects(under: prefix) { page in
            let old = page.filter { $0.modifiedAt < cutoff }
            var orphans: [MediaObject] = []
            // The rows are asked about a bounded number of keys at a time (a folder lists whole).
            for start in stride(from: 0, to: old.count, by: Self.keysPerQuery) {
                let keys = old[start..<min(start + Self.keysPerQuery, old.count)]
                let kept = try await referenced(keys.map(\.key))
                orphans += keys.filter { !kept.contains($0.key) }
            }
            return orphans
        }
    }

    static let keysPerQuery = 500
}

import Foundation

/// The offline deal store (docs/farelens.md, "SDK and CLI"): every deal fetched in the last 7 days, so the feed still shows
/// something when the network fails — the 50 saved most recently, newest first. Deals saved more
/// than 7 days ago are purged on every save.
struct DealArchive: Sendable {
    static let document = "deals"
    /// "cache last 7 days of deals".
    static let keep: TimeInterval = 7 * 24 * 60 * 60
    /// How many deals are served offline.
    static let served = 50

    let store: any LocalStore

    /// Adds `deals` stamped `now` (a deal seen again is stamped anew) and purges the old ones.
    func save(_ deals: [Deal], at now: Date) async throws {
        let fresh = Set(deals.map(\.id))
        var entries = (try await store.decoded([Stamped<Deal>].self, Self.document) ?? []).filter { !fresh.contains($0.value.id) }
        // Newest first (the stored list already is); the feed's order kept within one save.
        entries.insert(contentsOf: deals.map { Stamped(value: $0, savedAt: now) }, at: 0)
        entries = entries.filter { now.timeIntervalSince($0.savedAt) <= Self.keep }
        try await store.encode(entries, as: Self.document)
    }

    /// The 50 newest deals saved within 7 days of `now` that pass `matching`, with when the
    /// archive's newest deal was saved (nil when it holds none within 7 days).
    func newest(at now: Date, matching: (Deal) -> Bool = { _ in true }) async throws -> (deals: [Deal], savedAt: Date?) {
        let entries = (try await store.decoded([Stamped<Deal>].self, Self.document) ?? []).filter { now.timeIntervalSince($0.savedAt) <= Self.keep }
        return (entries.filter { matching($0.value) }.prefix(Self.served).map(\.value), entries.first?.savedAt)
    }
}

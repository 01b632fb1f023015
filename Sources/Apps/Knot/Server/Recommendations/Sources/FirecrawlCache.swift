import Foundation

/// The 24-hour per-city cache of guide venues, behind an injectable clock.
actor FirecrawlCache {
    private var entries: [String: (venues: [FirecrawlSource.GuideVenue], storedAt: Date)] = [:]
    let now: @Sendable () -> Date

    init(now: @escaping @Sendable () -> Date) { self.now = now }

    func venues(for city: String) -> [FirecrawlSource.GuideVenue]? {
        guard let entry = entries[city] else { return nil }
        guard now().timeIntervalSince(entry.storedAt) < FirecrawlSource.cacheTTL else {
            entries[city] = nil
            return nil
        }
        return entry.venues
    }

    func store(_ venues: [FirecrawlSource.GuideVenue], for city: String) { entries[city] = (venues, now()) }
}

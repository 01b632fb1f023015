import FareLensAPI
import Foundation
import Jobs
import PlatformAPI
import PlatformCore

/// The scheduled checks: at 09:00 local for every user with an active watchlist, and at 18:00 local
/// for Pro users too (the tiered choice), in each user's time zone (the platform's
/// notification preference; unset is UTC). A recurring job every 15 minutes (aligned) runs
/// ``run(endingAt:)`` for the window ending at its occurrence: the zones whose clocks passed a slot
/// in it are selected, their users' watchlists checked together (one search per route, date and
/// currency for all of them: ``WatchlistChecker``) and each user's results handed to the alerting.
/// Each user's run is claimed once per local date and slot before checking, so a retried or doubled
/// run never checks anyone twice (a run that fails after claiming is not repeated: at most once).
public struct ScheduledWatchlistChecks: Sendable {
    /// A daily check time and who it is for.
    struct Slot: Sendable {
        var name: String
        var time: LocalTimeWindow.LocalTime
        var proOnly: Bool
    }

    static let slots = [
        Slot(name: "morning", time: .init(hour: 9), proOnly: false),
        Slot(name: "evening", time: .init(hour: 18), proOnly: true),
    ]

    static let jobKind = "farelens.watchlist_checks"
    static let job = RecurringJob(name: "farelens-watchlist-checks", kind: jobKind, schedule: .every(seconds: Int(LocalTimeWindow.period)))

    /// What a run did.
    public struct Summary: Sendable, Equatable {
        public var users = 0
        public var watchlists = 0
        public var searches = 0
        public var failures = 0

        public init(users: Int = 0, watchlists: Int = 0, searches: Int = 0, failures: Int = 0) {
            self.users = users
            self.watchlists = watchlists
            self.searches = searches
            self.failures = failures
        }
    }

    let checks: WatchlistChecks

    public init(_ checks: WatchlistChecks) { self.checks = checks }

    /// Registers the recurring job on `scheduler` (its run needs the occurrence's due time, so it
    /// registers a handler rather than ``JobScheduler/recurring(_:_:)``'s body).
    public func registerJobs(on scheduler: JobScheduler) {
        scheduler.register(Self.jobKind) { job in
            _ = try await run(endingAt: job.runAt)
            return .completed
        }
        scheduler.schedule(Self.job)
    }

    /// Checks the users whose local clock passed a slot in the 15 minutes ending at `end` (rounded
    /// down to the quarter hour) and who have not had that slot's run on that local date.
    @discardableResult
    public func run(endingAt end: Date) async throws -> Summary {
        let period = LocalTimeWindow.period
        let window = LocalTimeWindow(endingAt: Date(timeIntervalSince1970: (end.timeIntervalSince1970 / period).rounded(.down) * period))
        let store = checks.checker.store
        let names = try await store.watcherZones()
        let unsetName = "UTC"
        let candidates = Set(names.map { $0 ?? unsetName })
        var lists: [WatchedList] = []
        for slot in Self.slots {
            let crossings = window.zones(among: candidates.sorted(), passing: slot.time)
            for (localDate, zones) in Dictionary(grouping: crossings, by: \.localDate) {
                let zoneNames = zones.map(\.identifier)
                let watchers = try await store.watchers(
                    inZones: zoneNames, includeUnset: names.contains(nil) && zoneNames.contains(unsetName), proOnly: slot.proOnly)
                let claimed = try await store.claimRuns(
                    Array(Set(watchers.map(\.user))).sorted { $0.uuid.uuidString < $1.uuid.uuidString }, localDate: localDate, slot: slot.name,
                    at: checks.clock.now())
                lists += watchers.filter { claimed.contains($0.user) }
            }
        }
        guard !lists.isEmpty else { return Summary() }
        let outcome = try await checks.checker.check(lists)
        let byUser = Dictionary(grouping: outcome.results, by: \.userID)
        for (user, results) in byUser.sorted(by: { $0.key.uuid.uuidString < $1.key.uuid.uuidString }) {
            do {
                try await checks.alerting.deliver(results, for: user)
            } catch {
                checks.logger.warning("could not hand watchlist check results to the alerts", metadata: ["user": "\(user)", "error": "\(error)"])
            }
        }
        return Summary(users: Set(lists.map(\.user)).count, watchlists: lists.count, searches: outcome.searches, failures: outcome.failures)
    }
}

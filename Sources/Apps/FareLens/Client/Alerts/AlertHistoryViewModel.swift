import Foundation
import Observation

/// Alert history, a page at a time, with "mute this route" / "mute this airline" from an alert and
/// an undo of the last mute (its id, from the server's answer).
@MainActor
@Observable
public final class AlertHistoryViewModel {
    /// Alerts per page.
    nonisolated public static let pageSize = 20

    public private(set) var entries: [AlertHistoryEntry] = []
    /// Whether another page exists (the server sent `X-Next-Cursor`).
    public private(set) var hasMore = false
    public private(set) var isLoading = false
    public private(set) var error: AppError?
    /// The mute ``undoMute()`` takes back; nil once undone or when there is none.
    public private(set) var lastMute: AlertMute?
    /// "Muted LAX → JFK", for the undo banner.
    public private(set) var message: String?

    let service: any AlertServicing
    private var cursor: String?

    public init(service: any AlertServicing) { self.service = service }

    /// The first page again.
    public func refresh() async {
        cursor = nil
        entries = []
        hasMore = true
        await loadMore()
    }

    /// The next page, when there is one.
    public func loadMore() async {
        guard hasMore || entries.isEmpty, !isLoading else { return }
        isLoading = true
        defer { isLoading = false }
        do {
            let page = try await service.history(cursor: cursor, limit: Self.pageSize)
            entries += page.items
            cursor = page.nextCursor
            hasMore = page.nextCursor != nil
            error = nil
        } catch {
            self.error = AppError(error)
        }
    }

    /// Mutes the route of `entry`.
    public func muteRoute(of entry: AlertHistoryEntry) async {
        await mute(.route(MutedRoute(origin: entry.origin, destination: entry.destination)), "Muted \(entry.origin) → \(entry.destination)")
    }

    /// Mutes the airline of `entry`.
    public func muteAirline(of entry: AlertHistoryEntry) async {
        await mute(.airline(entry.airline), "Muted \(entry.airline)")
    }

    /// Takes the last mute back.
    public func undoMute() async {
        guard let mute = lastMute else { return }
        do {
            try await service.unmute(mute.id)
            lastMute = nil
            message = nil
        } catch {
            message = EditorErrors(error).message
        }
    }

    private func mute(_ target: AlertMuteTarget, _ text: String) async {
        do {
            lastMute = try await service.mute(target)
            message = text
        } catch {
            message = EditorErrors(error).message
        }
    }
}

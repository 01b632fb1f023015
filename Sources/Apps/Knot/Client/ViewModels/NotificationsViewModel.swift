import Foundation
import Observation

/// Notification history (docs/knot.md, "Client SDK and `knot` CLI"): sent reminders
/// with their viewed state, paging, and opening one — which marks it viewed at once on screen,
/// tells the server, and loads the milestone's recommendations.
@MainActor
@Observable
public final class NotificationsViewModel {
    public private(set) var notifications: [NotificationHistoryItem] = []
    public private(set) var total = 0
    public private(set) var upcoming: [UpcomingNotification] = []
    public private(set) var isLoading = false
    public private(set) var errorMessage: String?
    public private(set) var selected: NotificationHistoryItem?
    public private(set) var milestoneRecommendations: [Recommendation] = []
    public private(set) var recommendationsError: String?

    let api: KnotAPIClient
    let pageSize: Int
    let now: @Sendable () -> Date

    public init(api: KnotAPIClient, pageSize: Int = 50, now: @escaping @Sendable () -> Date = { Date() }) {
        self.api = api
        self.pageSize = pageSize
        self.now = now
    }

    /// Reminders not opened yet.
    public var unviewedCount: Int { notifications.filter { !$0.isViewed }.count }

    public var hasMore: Bool { notifications.count < total }

    /// "7 days before".
    public nonisolated static func daysBeforeLabel(_ days: Int) -> String { days == 1 ? "1 day before" : "\(days) days before" }

    /// Loads the first page of history.
    public func load() async {
        isLoading = true
        defer { isLoading = false }
        do {
            let page = try await api.send(KnotRoutes.notificationHistory, query: NotificationHistoryQuery(limit: pageSize, offset: 0))
            notifications = page.notifications
            total = page.total
            errorMessage = nil
        } catch {
            errorMessage = ScreenText.message(error)
        }
    }

    /// Appends the next page.
    public func loadMore() async {
        guard hasMore, !isLoading else { return }
        isLoading = true
        defer { isLoading = false }
        do {
            let page = try await api.send(KnotRoutes.notificationHistory, query: NotificationHistoryQuery(limit: pageSize, offset: notifications.count))
            let known = Set(notifications.map(\.id))
            notifications += page.notifications.filter { !known.contains($0.id) }
            total = page.total
        } catch {
            errorMessage = ScreenText.message(error)
        }
    }

    /// Loads the reminders still to be sent.
    public func loadUpcoming() async {
        do {
            upcoming = try await api.send(KnotRoutes.upcomingNotifications).notifications
        } catch {
            errorMessage = ScreenText.message(error)
        }
    }

    /// Opens a reminder: shows it viewed immediately, records the view on the server (the server's
    /// time wins when it answers), and loads its milestone's recommendations.
    public func open(_ item: NotificationHistoryItem) async {
        var opened = item
        if opened.viewedAt == nil { opened.viewedAt = now() }
        replace(opened)
        selected = opened
        milestoneRecommendations = []
        recommendationsError = nil
        if item.viewedAt == nil {
            if let receipt = try? await api.send(KnotRoutes.markNotificationViewed, item.id) {
                opened.viewedAt = receipt.viewedAt
                replace(opened)
                if selected?.id == opened.id { selected = opened }
            }
        }
        guard let milestone = item.milestoneId else {
            recommendationsError = "This milestone was deleted."
            return
        }
        do {
            milestoneRecommendations = try await api.send(KnotRoutes.milestoneRecommendations, milestone).recommendations
        } catch {
            recommendationsError = ScreenText.message(error)
        }
    }

    public func dismiss() {
        selected = nil
        milestoneRecommendations = []
        recommendationsError = nil
    }

    private func replace(_ item: NotificationHistoryItem) {
        if let index = notifications.firstIndex(where: { $0.id == item.id }) { notifications[index] = item }
    }
}

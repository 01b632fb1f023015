import Foundation
import Observation

/// The Home screen (docs/knot.md, "Client SDK and `knot` CLI"): partner name, the countdown to the next milestone
/// (floating holidays resolved), the 3 most recent hints, and an offline state that keeps the last
/// data visible and disables actions.
@MainActor
@Observable
public final class HomeViewModel {
    public private(set) var vault: Vault?
    public private(set) var isLoading = false
    /// The server could not be reached on the last load.
    public private(set) var isOffline = false
    /// No vault yet: onboarding has not been completed.
    public private(set) var needsOnboarding = false
    public private(set) var errorMessage: String?
    public let hintCapture: HintCaptureViewModel

    let api: KnotAPIClient
    let calendar: MilestoneCalendar
    let now: @Sendable () -> Date

    public init(api: KnotAPIClient, calendar: MilestoneCalendar = MilestoneCalendar(), now: @escaping @Sendable () -> Date = { Date() }) {
        self.api = api
        self.calendar = calendar
        self.now = now
        hintCapture = HintCaptureViewModel(api: api, keep: 3, now: now)
    }

    /// The partner's name, or "Your Partner" before the vault loads.
    public var partnerName: String { vault?.partnerName ?? "Your Partner" }

    /// Milestones still to come, soonest first.
    public var upcomingMilestones: [UpcomingMilestone] { vault.map { calendar.upcoming($0.milestones, from: now()) } ?? [] }

    public var nextMilestone: UpcomingMilestone? { upcomingMilestones.first }

    /// The 3 most recent hints (pending ones included).
    public var recentHints: [HintRow] { Array(hintCapture.hints.prefix(3)) }

    /// Hint capture and recommendations are disabled while offline.
    public var actionsEnabled: Bool { !isOffline && vault != nil }

    /// Loads the vault and recent hints; when offline, keeps what was shown before.
    public func load() async {
        isLoading = true
        defer { isLoading = false }
        do {
            vault = try await api.send(KnotRoutes.vault)
            isOffline = false
            needsOnboarding = false
            errorMessage = nil
            await hintCapture.load()
        } catch KnotError.offline(let message) {
            isOffline = true
            errorMessage = message
        } catch KnotError.notFound {
            isOffline = false
            needsOnboarding = true
        } catch {
            errorMessage = ScreenText.message(error)
        }
    }
}

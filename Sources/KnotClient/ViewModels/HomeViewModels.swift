import Foundation
import Observation

/// A hint as the capture list shows it: saved, or still on its way (optimistic).
public struct HintRow: Sendable, Equatable, Identifiable {
    public var id: UUID
    public var text: String
    public var source: HintSource
    public var createdAt: Date
    /// True until the server has confirmed the hint.
    public var isPending: Bool

    init(_ hint: Hint) {
        id = hint.id.uuid
        text = hint.hintText
        source = hint.source
        createdAt = hint.createdAt
        isPending = false
    }

    init(pendingText: String, source: HintSource, at date: Date) {
        id = UUID()
        text = pendingText
        self.source = source
        createdAt = date
        isPending = true
    }
}

/// How close the hint text is to the limit: plain, warning from 450 characters, at or over 500.
public enum HintCounterState: Sendable, Equatable {
    case normal, warning, limit
}

/// Hint capture (seed 000 Home "Hint Capture", seed 001 step 4.2): the `n/500` counter, its warning
/// from 450, submit enabled only for 1–500 characters after trimming, and an optimistic insert into
/// the recent list that is rolled back (text restored) when saving fails.
@MainActor
@Observable
public final class HintCaptureViewModel {
    public var text = ""
    public private(set) var hints: [HintRow] = []
    public private(set) var isSubmitting = false
    public private(set) var errorMessage: String?
    /// True after a save until the next edit (the "Hint saved!" checkmark).
    public private(set) var showSuccess = false

    /// Called with every hint the server confirmed (e.g. to put it at the top of a
    /// ``HintsListViewModel``).
    @ObservationIgnored public var onSaved: (@MainActor (Hint) -> Void)?

    let api: KnotAPIClient
    let now: @Sendable () -> Date
    /// How many hints to keep in ``hints``.
    let keep: Int

    public init(api: KnotAPIClient, keep: Int = 3, now: @escaping @Sendable () -> Date = { Date() }) {
        self.api = api
        self.keep = keep
        self.now = now
    }

    /// Characters typed so far.
    public var characterCount: Int { text.count }

    /// "n/500".
    public var counterText: String { "\(characterCount)/\(KnotCatalog.maxHintLength)" }

    public var counterState: HintCounterState {
        if characterCount >= KnotCatalog.maxHintLength { return .limit }
        if characterCount >= KnotCatalog.hintWarningLength { return .warning }
        return .normal
    }

    var trimmed: String { text.trimmingCharacters(in: .whitespacesAndNewlines) }

    /// Submit is enabled while nothing is being sent and the text passes the contract's hint rule
    /// (``NewHint/check(_:)``: 1–500 characters after trimming, as the server checks it).
    public var canSubmit: Bool { !isSubmitting && NewHint.check(NewHint.Input(hintText: text)).value != nil }

    /// Loads the most recent hints.
    public func load() async {
        do {
            let page = try await api.hints(limit: keep)
            hints = page.hints.map(HintRow.init)
            errorMessage = nil
        } catch {
            errorMessage = (error as? KnotError)?.description ?? error.localizedDescription
        }
    }

    /// Saves the text as a hint: shows it at once and clears the field, then confirms it or, on
    /// failure, removes it again and puts the text back.
    @discardableResult
    public func submit(source: HintSource = .textInput) async -> Bool {
        guard canSubmit else { return false }
        let original = text
        let pending = HintRow(pendingText: trimmed, source: source, at: now())
        hints.insert(pending, at: 0)
        text = ""
        isSubmitting = true
        errorMessage = nil
        showSuccess = false
        defer { isSubmitting = false }
        do {
            let saved = try await api.addHint(pending.text, source: source)
            if let index = hints.firstIndex(where: { $0.id == pending.id }) { hints[index] = HintRow(saved) }
            if hints.count > keep { hints.removeLast(hints.count - keep) }
            showSuccess = true
            onSaved?(saved)
            return true
        } catch {
            hints.removeAll { $0.id == pending.id }
            if text.isEmpty { text = original }
            errorMessage = "Your hint was not saved: " + ((error as? KnotError)?.description ?? error.localizedDescription)
            return false
        }
    }
}

/// The Home screen (seed 000 `HomeViewModel`): partner name, the countdown to the next milestone
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
            errorMessage = (error as? KnotError)?.description ?? error.localizedDescription
        }
    }
}

import Foundation
import Observation

/// Hint capture (docs/knot.md, "Client SDK and `knot` CLI"): the `n/500` counter, its warning
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
            let page = try await api.send(KnotRoutes.hints, query: HintListQuery(page: PageQuery(limit: keep)))
            hints = page.hints.map(HintRow.init)
            errorMessage = nil
        } catch {
            errorMessage = ScreenText.message(error)
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
            let saved = try await api.send(KnotRoutes.addHint, body: NewHint(hintText: pending.text, source: source))
            if let index = hints.firstIndex(where: { $0.id == pending.id }) { hints[index] = HintRow(saved) }
            if hints.count > keep { hints.removeLast(hints.count - keep) }
            showSuccess = true
            onSaved?(saved)
            return true
        } catch {
            hints.removeAll { $0.id == pending.id }
            if text.isEmpty { text = original }
            errorMessage = "Your hint was not saved: " + ScreenText.message(error)
            return false
        }
    }
}

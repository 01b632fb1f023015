import Foundation
import Observation

/// The watchlist editor (docs/farelens.md, "SDK and CLI"): a new route or an edit of one,
/// price ceiling in dollars as typed, saved to the server; a 422 marks its fields, a 403 `tier_limit`
/// is the screen's message.
@MainActor
@Observable
public final class WatchlistEditorViewModel {
    /// The watchlist being edited; nil for a new one.
    public let editing: Watchlist?
    public var origin: String
    public var destination: String
    public var departureFrom: LocalDate?
    public var departureTo: LocalDate?
    /// Whole dollars as the user typed them; empty for no ceiling.
    public var maxPrice: String
    public var alertsEnabled: Bool
    public private(set) var errors = EditorErrors()
    public private(set) var isSaving = false
    /// Set after a save succeeded.
    public private(set) var saved: Watchlist?

    let service: any WatchlistServicing
    let onSave: @MainActor (Watchlist) -> Void

    public init(service: any WatchlistServicing, editing: Watchlist? = nil, onSave: @escaping @MainActor (Watchlist) -> Void = { _ in }) {
        self.service = service
        self.editing = editing
        self.onSave = onSave
        origin = editing?.origin ?? ""
        destination = editing?.destination ?? ""
        departureFrom = editing?.departureFrom
        departureTo = editing?.departureTo
        maxPrice = editing?.maxPriceCents.map { String($0 / 100) } ?? ""
        alertsEnabled = editing?.alertsEnabled ?? true
    }

    /// The body the form stands for; a ceiling that is not whole dollars marks `max_price_cents`.
    func input() -> WatchlistInput? {
        let trimmed = maxPrice.trimmingCharacters(in: .whitespaces)
        var cents: Int?
        if !trimmed.isEmpty {
            guard let dollars = Int(trimmed), dollars > 0, dollars <= WatchlistInput.maxPriceCents / 100 else {
                errors = EditorErrors(fields: [FieldError(field: "max_price_cents", message: "must be whole dollars from 1 to \(WatchlistInput.maxPriceCents / 100)")])
                return nil
            }
            cents = dollars * 100
        }
        return WatchlistInput(
            origin: origin, destination: destination, departureFrom: departureFrom, departureTo: departureTo, maxPriceCents: cents,
            currency: editing?.currency, alertsEnabled: alertsEnabled)
    }

    /// Creates or replaces the watchlist; true when saved.
    @discardableResult
    public func save() async -> Bool {
        guard let input = input() else { return false }
        isSaving = true
        defer { isSaving = false }
        do {
            let result: Watchlist
            if let editing { result = try await service.update(id: editing.id, input) } else { result = try await service.create(input) }
            errors = EditorErrors()
            saved = result
            onSave(result)
            return true
        } catch {
            errors = EditorErrors(error)
            return false
        }
    }
}

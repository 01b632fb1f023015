import Foundation
import Observation

/// The flight search screen (docs/farelens.md, "SDK and CLI"): origin and destination picked from airport autocomplete
/// ("Los Angeles (LAX)" labels, cached an hour by ``AirportRepository``), dates, travellers and
/// cabin; ``search()`` asks the server (always fresh, kept in the history by ``SearchRepository``).
/// The server's 422 shows per field in ``errors`` (keyed by the search route's parameter names:
/// `origin`, `destination`, `departureDate`, `returnDate`, `adults`, `children`, `infants`,
/// `travelClass`; a 422 that names none, as its line); a stale answer or the provider's quota shows
/// in ``notice``.
@MainActor
@Observable
public final class FlightSearchViewModel {
    /// Characters typed before suggestions are asked.
    public static let minimumQuery = 2

    public var originText = ""
    public var destinationText = ""
    public private(set) var origin: AirportSuggestion?
    public private(set) var destination: AirportSuggestion?
    public var departureDate: LocalDate?
    public var returnDate: LocalDate?
    public var adults = 1
    public var children = 0
    public var infants = 0
    public var cabin: FlightCabin = .economy
    public var nonStop = false

    public private(set) var originSuggestions: [AirportSuggestion] = []
    public private(set) var destinationSuggestions: [AirportSuggestion] = []
    public private(set) var results: [FlightOffer] = []
    public private(set) var hasSearched = false
    public private(set) var isSearching = false
    /// What is missing or was refused, per field (and the line of a refusal that names none).
    public private(set) var errors = EditorErrors()
    public private(set) var error: AppError?
    /// The stale/quota notice of the last answer; nil when live and within quota.
    public private(set) var notice: String?
    public private(set) var quota: FlightSearchQuota?
    @ObservationIgnored private var generation = 0

    let airports: AirportRepository
    let searches: SearchRepository
    let now: @Sendable () -> Date

    public init(airports: AirportRepository, searches: SearchRepository, now: @escaping @Sendable () -> Date = { Date() }) {
        self.airports = airports
        self.searches = searches
        self.now = now
    }

    /// The empty state once a search found nothing.
    public var emptyState: SearchEmptyState? { hasSearched && results.isEmpty && error == nil && errors.isEmpty ? .noFlights : nil }

    /// The user typed `text` in the origin field: suggestions for it (none offline or under two characters).
    public func typeOrigin(_ text: String) async {
        originText = text
        origin = nil
        let found = await suggestions(text)
        if originText == text { originSuggestions = found }
    }

    public func typeDestination(_ text: String) async {
        destinationText = text
        destination = nil
        let found = await suggestions(text)
        if destinationText == text { destinationSuggestions = found }
    }

    /// The user picked a suggestion: the field shows its label.
    public func selectOrigin(_ airport: AirportSuggestion) {
        origin = airport
        originText = airport.label
        originSuggestions = []
        errors.clear("origin")
    }

    public func selectDestination(_ airport: AirportSuggestion) {
        destination = airport
        destinationText = airport.label
        destinationSuggestions = []
        errors.clear("destination")
    }

    /// Swaps origin and destination.
    public func swapAirports() {
        (origin, destination) = (destination, origin)
        (originText, destinationText) = (destinationText, originText)
    }

    /// The criteria the fields make; nil (with ``errors`` naming what is missing) when incomplete.
    public func criteria() -> SearchCriteria? {
        var missing: [FieldError] = []
        if origin == nil { missing.append(FieldError(field: "origin", message: "Choose a departure airport")) }
        if destination == nil { missing.append(FieldError(field: "destination", message: "Choose an arrival airport")) }
        if departureDate == nil { missing.append(FieldError(field: "departureDate", message: "Choose a departure date")) }
        errors = EditorErrors(fields: missing)
        guard let origin, let destination, let departureDate, missing.isEmpty else { return nil }
        return SearchCriteria(
            origin: origin.iata, destination: destination.iata, departureDate: departureDate, returnDate: returnDate, adults: adults, children: children,
            infants: infants, cabin: cabin, nonStop: nonStop)
    }

    /// Searches the fields' criteria. When searches overlap (the user changed a field and searched
    /// again before the first answered) the last one started wins: an earlier answer arriving later
    /// changes nothing.
    public func search() async {
        guard let criteria = criteria() else { return }
        generation += 1
        let mine = generation
        isSearching = true
        error = nil
        defer { if mine == generation { isSearching = false } }
        do {
            let answer = try await searches.search(criteria)
            guard mine == generation else { return }
            results = answer.data
            hasSearched = true
            let state = SearchRepository.state(of: answer, at: now())
            quota = state.quota
            notice = Self.notice(state)
        } catch {
            guard mine == generation else { return }
            results = []
            if case ClientError.validation = error {
                errors = EditorErrors(error)
            } else {
                self.error = AppError(error)
                hasSearched = true
            }
        }
    }

    /// The banner for an answer: the server's notice, else a stale answer's or a quota near its end.
    static func notice(_ state: DataState) -> String? {
        if let notice = state.notice { return notice }
        if state.isStale { return FlightSearchRules.liveUnavailableNotice }
        if let quota = state.quota, quota.limit > 0, quota.used * 10 >= quota.limit * 9 {
            return "Live searches almost used up: \(quota.used) of \(quota.limit)"
        }
        return nil
    }

    private func suggestions(_ text: String) async -> [AirportSuggestion] {
        guard text.trimmingCharacters(in: .whitespaces).count >= Self.minimumQuery else { return [] }
        return (try? await airports.airports(matching: text)) ?? []
    }
}

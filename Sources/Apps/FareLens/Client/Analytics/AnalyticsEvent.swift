import Foundation

/// The analytics events (docs/farelens.md, "SDK and CLI"), one case each with its properties, so a screen cannot misspell a
/// name or a property: what ``AnalyticsService`` records and ``TelemetryAnalytics`` posts.
public enum AnalyticsEvent: Sendable, Equatable {
    case appLaunched
    /// A feed was shown: how many deals, under which filter (``DealFilter/description``).
    case dealsLoaded(count: Int, filter: String)
    /// The feed could not load (the ``AppError`` it showed).
    case dealLoadFailed(error: String)
    case dealSaved(dealId: String)
    /// `affiliate_click (dealId, provider, placement)`: a booking link opened.
    case affiliateClick(dealId: String, provider: String, placement: AffiliatePlacement)

    /// The event's name, as `POST /events` takes it (docs/farelens.md, "Telemetry").
    public var name: String {
        switch self {
        case .appLaunched: "appLaunched"
        case .dealsLoaded: "dealsLoaded"
        case .dealLoadFailed: "dealLoadFailed"
        case .dealSaved: "dealSaved"
        case .affiliateClick: "affiliate_click"
        }
    }

    /// The name `POST /events` accepts for this event (every event here; nil only for a name the
    /// server's telemetry does not take).
    public var telemetryName: TelemetryEventName? { TelemetryEventName(rawValue: name) }

    /// The event's properties (docs/farelens.md, "SDK and CLI").
    public var properties: [String: JSONValue] {
        switch self {
        case .appLaunched: [:]
        case .dealsLoaded(let count, let filter): ["count": .number(Double(count)), "filter": .string(filter)]
        case .dealLoadFailed(let error): ["error": .string(error)]
        case .dealSaved(let dealId): ["dealId": .string(dealId)]
        case .affiliateClick(let dealId, let provider, let placement):
            ["dealId": .string(dealId), "provider": .string(provider), "placement": .string(placement.rawValue)]
        }
    }
}

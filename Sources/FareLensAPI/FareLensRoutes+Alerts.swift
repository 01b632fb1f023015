import Foundation
import PlatformAPI

extension FareLensRoutes {
    /// The caller's alerts, newest first, a page at a time: every alert decided for them, whatever
    /// became of it (sent, deferred, capped, deduplicated, muted, below their threshold).
    public static let alertHistory = Route<NoParameter, NoBody, FareLensList<AlertHistoryEntry>>(.get, root, "/alerts/history")
    /// The caller's alert settings (threshold and mute list); quiet hours are the platform's.
    public static let alertPreferences = Route<NoParameter, NoBody, AlertPreferences>(.get, root, "/alerts/preferences")
    /// Replaces the caller's threshold and mute list (keys left out keep their value).
    public static let updateAlertPreferences = Route<NoParameter, AlertPreferencesInput, AlertPreferences>(.put, root, "/alerts/preferences")
    /// Mutes one route or one airline; answers the mute with its id, for the undo.
    public static let createAlertMute = Route<NoParameter, AlertMuteInput, AlertMute>(.post, root, "/alerts/mutes", status: 201)
    /// Undoes a mute (another user's is a 404).
    public static let deleteAlertMute = Route<AlertMuteID, NoBody, NoContent>(.delete, root, "/alerts/mutes/{id}")

    /// The alert routes, part of ``all``.
    public static let alertRoutes: [RouteShape] = [
        alertHistory.shape, alertPreferences.shape, updateAlertPreferences.shape, createAlertMute.shape, deleteAlertMute.shape,
    ]
}

/// The marker type of ``AlertMuteID``.
public enum AlertMuteEntity {}
/// A mute's id: `{id}` of `DELETE /alerts/mutes/{id}`.
public typealias AlertMuteID = TypedID<AlertMuteEntity>

extension AlertMuteEntity: NamedEntity {
    public static var entityName: String { "Mute" }
    public static var notFoundCode: String { "mute_not_found" }
}

/// The limits of FareLens's alerts, shared by the server and the SDK.
public enum AlertRules {
    /// The immediate-alert threshold a user starts with (DealScore, 0–100).
    public static let defaultThreshold = 80
    /// The lowest threshold a user may set: deals under 60 are never listed.
    public static let minimumThreshold = 60
    /// A DealScore from which a deal is exceptional: sent at once outside quiet hours.
    public static let exceptionalScore = 90
    /// How long an alert for a user and route suppresses the next one.
    public static let dedupeWindow: TimeInterval = 12 * 3600
    /// Immediate alerts a day per tier (the seed's caps).
    public static func dailyCap(for tier: FareLensTier) -> Int { tier == .pro ? 6 : 3 }
    /// The most mutes a user keeps.
    public static let maxMutes = 200
}

/// What became of an alert.
public enum AlertStatus: String, Codable, Sendable, CaseIterable {
    /// Pushed (or put in the outbox without APNs).
    case sent
    /// Inside the user's quiet hours: goes out at their end (`deliver_at`).
    case deferred
    /// The day's immediate alerts are used up.
    case capped
    /// An alert for the same route went out within 12 hours.
    case deduplicated
    /// The route or the airline is muted.
    case muted
    /// The deal scores under the user's immediate-alert threshold.
    case belowThreshold = "below_threshold"
}

/// What became of a `sent` alert's push: `status` is the decision to send, this is whether a device
/// got it — so a history row never claims a push that failed or had no device to go to.
public enum AlertDelivery: String, Codable, Sendable, CaseIterable {
    /// Handed to APNs (or the local outbox) for at least one device.
    case delivered
    /// The user has no registered device.
    case noDevices = "no_devices"
    /// The user turned notifications off (the platform's preference).
    case notificationsDisabled = "notifications_disabled"
    /// Every device's push failed.
    case failed

    /// The history row's stored outcome (`delivered_apns`, `already_delivered`, `no_devices`, …) as
    /// the API shows it; nil when the alert was not offered for delivery.
    public init?(stored: String?) {
        guard let stored else { return nil }
        switch stored {
        case "no_devices": self = .noDevices
        case "notifications_disabled": self = .notificationsDisabled
        case "failed": self = .failed
        case "already_delivered": self = .delivered
        default:
            guard stored.hasPrefix("delivered") else { return nil }
            self = .delivered
        }
    }
}

/// The marker type of ``AlertID``.
public enum AlertEntity {}
/// An alert's id (`alert_id` of its push): on the wire the lower-case UUID every FareLens id is.
public typealias AlertID = TypedID<AlertEntity>

/// One alert in the caller's history.
public struct AlertHistoryEntry: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey {
        case id, watchlistID = "watchlist_id", origin, destination, departureDate = "departure_date", airline, priceCents = "price_cents", currency
        case dealScore = "deal_score", queueScore = "queue_score", status, delivery, deliverAt = "deliver_at", createdAt = "created_at"
    }
    public var id: AlertID
    public var watchlistID: WatchlistID
    public var origin: String
    public var destination: String
    public var departureDate: LocalDate
    public var airline: String
    /// In minor units of ``currency``.
    public var priceCents: Int
    public var currency: String
    public var dealScore: Int
    public var queueScore: Double
    public var status: AlertStatus
    /// Whether the push reached a device, once the alert was offered for delivery; nil before that
    /// (deferred, capped, deduplicated, muted, below the threshold).
    public var delivery: AlertDelivery?
    /// When a deferred alert goes out (the end of quiet hours); nil otherwise.
    public var deliverAt: Date?
    public var createdAt: Date

    public init(
        id: AlertID, watchlistID: WatchlistID, origin: String, destination: String, departureDate: LocalDate, airline: String, priceCents: Int, currency: String,
        dealScore: Int, queueScore: Double, status: AlertStatus, delivery: AlertDelivery? = nil, deliverAt: Date?, createdAt: Date
    ) {
        self.id = id
        self.watchlistID = watchlistID
        self.origin = origin
        self.destination = destination
        self.departureDate = departureDate
        self.airline = airline
        self.priceCents = priceCents
        self.currency = currency
        self.dealScore = dealScore
        self.queueScore = queueScore
        self.status = status
        self.delivery = delivery
        self.deliverAt = deliverAt
        self.createdAt = createdAt
    }
}

/// A muted route (origin and destination, airports or metro codes as the deal shows them).
public struct MutedRoute: Codable, Sendable, Equatable, Hashable {
    public var origin: String
    public var destination: String

    public init(origin: String, destination: String) {
        self.origin = origin
        self.destination = destination
    }
}

/// The caller's alert settings.
public struct AlertPreferences: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case immediateThreshold = "immediate_threshold", mutedRoutes = "muted_routes", mutedAirlines = "muted_airlines" }
    /// Deals scoring at least this go out as immediate alerts (60–100).
    public var immediateThreshold: Int
    public var mutedRoutes: [MutedRoute]
    /// IATA airline codes.
    public var mutedAirlines: [String]

    public init(immediateThreshold: Int = AlertRules.defaultThreshold, mutedRoutes: [MutedRoute] = [], mutedAirlines: [String] = []) {
        self.immediateThreshold = immediateThreshold
        self.mutedRoutes = mutedRoutes
        self.mutedAirlines = mutedAirlines
    }
}

/// The body of `PUT /alerts/preferences`: keys left out keep their value.
public struct AlertPreferencesInput: Codable, Sendable, Equatable, NumberFieldRules {
    enum CodingKeys: String, CodingKey { case immediateThreshold = "immediate_threshold", mutedRoutes = "muted_routes", mutedAirlines = "muted_airlines" }
    public var immediateThreshold: Int?
    public var mutedRoutes: [MutedRouteInput]?
    public var mutedAirlines: [String]?

    public init(immediateThreshold: Int? = nil, mutedRoutes: [MutedRouteInput]? = nil, mutedAirlines: [String]? = nil) {
        self.immediateThreshold = immediateThreshold
        self.mutedRoutes = mutedRoutes
        self.mutedAirlines = mutedAirlines
    }

    static let thresholds = AlertRules.minimumThreshold...100
    public static var numberFieldRules: [String: String] { ["immediate_threshold": WholeNumberRule.message(thresholds)] }

    /// `current` with the given keys replaced; 422 fields for a threshold outside 60–100, a route
    /// that is not two different 3-letter codes, an airline that is not a 2-character code, or more
    /// than ``AlertRules/maxMutes`` entries.
    public func applied(to current: AlertPreferences) -> Checked<AlertPreferences> {
        var v = Validator()
        var result = current
        if let threshold = immediateThreshold {
            v.check(Self.thresholds.contains(threshold), "immediate_threshold", WholeNumberRule.message(Self.thresholds))
            result.immediateThreshold = threshold
        }
        if let routes = mutedRoutes {
            v.check(routes.count <= AlertRules.maxMutes, "muted_routes", "must have at most \(AlertRules.maxMutes) routes")
            let parsed = routes.map { $0.route }
            v.check(!parsed.contains(nil), "muted_routes", "must each be {origin, destination}: two different 3-letter codes")
            result.mutedRoutes = Array(Set(parsed.compactMap { $0 })).sorted { ($0.origin, $0.destination) < ($1.origin, $1.destination) }
        }
        if let airlines = mutedAirlines {
            v.check(airlines.count <= AlertRules.maxMutes, "muted_airlines", "must have at most \(AlertRules.maxMutes) airlines")
            let parsed = airlines.map(AlertMuteInput.airlineCode)
            v.check(!parsed.contains(nil), "muted_airlines", "must each be a 2-character IATA airline code")
            result.mutedAirlines = Array(Set(parsed.compactMap { $0 })).sorted()
        }
        return .from(v) { result }
    }
}

/// A route as a client sends it (either code may be missing or malformed: a 422, not a 400).
public struct MutedRouteInput: Codable, Sendable, Equatable {
    public var origin: String?
    public var destination: String?

    public init(origin: String?, destination: String?) {
        self.origin = origin
        self.destination = destination
    }

    /// Upper-cased, when both are 3-letter codes and differ.
    public var route: MutedRoute? {
        guard let origin = origin.flatMap(AlertMuteInput.airportCode), let destination = destination.flatMap(AlertMuteInput.airportCode), origin != destination
        else { return nil }
        return MutedRoute(origin: origin, destination: destination)
    }
}

/// The body of `POST /alerts/mutes`: exactly one of `route` and `airline`.
public struct AlertMuteInput: Codable, Sendable, Equatable {
    public var route: MutedRouteInput?
    public var airline: String?

    public init(route: MutedRouteInput? = nil, airline: String? = nil) {
        self.route = route
        self.airline = airline
    }

    /// What to mute: a route or an airline; 422 naming the field otherwise.
    public func checked() -> Checked<AlertMuteTarget> {
        var v = Validator()
        switch (route, airline) {
        case (let route?, nil):
            let parsed = route.route
            v.check(parsed != nil, "route", "must be {origin, destination}: two different 3-letter codes")
            return .from(v) { parsed.map { .route($0) } }
        case (nil, let airline?):
            let code = Self.airlineCode(airline)
            v.check(code != nil, "airline", "must be a 2-character IATA airline code")
            return .from(v) { code.map { .airline($0) } }
        default:
            v.check(false, route == nil ? "route" : "airline", "give exactly one of route and airline")
            return .from(v) { nil }
        }
    }

    /// `code` trimmed and upper-cased when it is three ASCII letters.
    static func airportCode(_ code: String) -> String? {
        let trimmed = code.trimmingCharacters(in: .whitespaces).uppercased()
        return trimmed.count == 3 && trimmed.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }) ? trimmed : nil
    }

    /// `code` trimmed and upper-cased when it is two ASCII letters or digits (IATA airline codes: "UA", "B6").
    static func airlineCode(_ code: String) -> String? {
        let trimmed = code.trimmingCharacters(in: .whitespaces).uppercased()
        return trimmed.count == 2 && trimmed.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) || ("0"..."9").contains($0) }) ? trimmed : nil
    }
}

/// What a mute silences.
public enum AlertMuteTarget: Sendable, Equatable, Hashable {
    case route(MutedRoute)
    case airline(String)
}

/// A mute as answered by `POST /alerts/mutes`: its id undoes it.
public struct AlertMute: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case id, route, airline, createdAt = "created_at" }
    public var id: AlertMuteID
    public var route: MutedRoute?
    public var airline: String?
    public var createdAt: Date

    public init(id: AlertMuteID, route: MutedRoute?, airline: String?, createdAt: Date) {
        self.id = id
        self.route = route
        self.airline = airline
        self.createdAt = createdAt
    }
}

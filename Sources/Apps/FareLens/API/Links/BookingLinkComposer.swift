import Foundation
import PlatformAPI

/// Builds an offer's booking links (docs/farelens.md, "Flight search and quota"): each target wrapped in
/// `https://tp.media/r?campaign_id={id}&marker={marker}&sub_id={subId}&u={percent-encoded target}`,
/// for the airline's own site (when ``AirlineSites`` knows it), Aviasales and WayAway, each with
/// the call to action of the user's A/B arm. Pure, so the server and the SDK compose the same links.
public struct BookingLinkComposer: Sendable, Equatable {
    /// The default Travelpayouts marker (`FARELENS_AFFILIATE_MARKER`; docs/farelens.md, "Flight search and quota").
    public static let defaultMarker = "676763"
    /// Travelpayouts's campaign (program) id of Aviasales.
    public static let defaultCampaignID = "100"

    public var marker: String
    public var campaignID: String

    public init(marker: String = defaultMarker, campaignID: String = defaultCampaignID) {
        self.marker = marker
        self.campaignID = campaignID
    }

    /// The airline on the offer: its IATA code and the name shown.
    public struct Airline: Sendable, Equatable {
        public var code: String
        public var name: String

        public init(code: String, name: String) {
            self.code = code
            self.name = name
        }
    }

    /// The links for `trip`: the airline's (when known), Aviasales's, WayAway's, in that order.
    public func links(for trip: BookingTrip, airline: Airline?, subID: AffiliateSubID) -> [BookingLink] {
        var targets: [(provider: String, label: String, url: String)] = []
        if let airline, let site = AirlineSites.site(airline.code) {
            targets.append(("airline", airline.name, site))
        }
        targets.append(("aviasales", "Aviasales", Self.aviasalesSearch(trip)))
        targets.append(("wayaway", "WayAway", Self.wayAwaySearch(trip)))
        return targets.map { BookingLink(provider: $0.provider, label: $0.label, cta: subID.variant.callToAction($0.label), url: tracked($0.url, subID: subID)) }
    }

    /// `target` behind Travelpayouts's redirect, attributed to `subID`.
    public func tracked(_ target: String, subID: AffiliateSubID) -> String {
        let query = [("campaign_id", campaignID), ("marker", marker), ("sub_id", subID.description), ("u", target)]
        return "https://tp.media/r?" + query.map { "\($0.0)=\(Self.percentEncoded($0.1))" }.joined(separator: "&")
    }

    /// Aviasales's search path: `https://www.aviasales.com/search/{ORIGIN}{DDMM}{DEST}{DDMM of the return, if any}{adults}`.
    public static func aviasalesSearch(_ trip: BookingTrip) -> String {
        let ddmm = { (date: LocalDate) in String(format: "%02d%02d", date.day, date.month) }
        return "https://www.aviasales.com/search/\(trip.origin.uppercased())\(ddmm(trip.departureDate))\(trip.destination.uppercased())"
            + (trip.returnDate.map(ddmm) ?? "") + String(max(1, trip.adults))
    }

    /// WayAway's search results page (Travelpayouts's documented parameters: `origin_iata`,
    /// `destination_iata`, `depart_date`, `return_date`, `oneway`, passengers, `trip_class` 0 economy
    /// — premium economy too —, 1 business, 2 first; `with_request=true` starts the search).
    public static func wayAwaySearch(_ trip: BookingTrip) -> String {
        var query = [
            ("origin_iata", trip.origin.uppercased()), ("destination_iata", trip.destination.uppercased()), ("depart_date", trip.departureDate.text),
        ]
        if let returnDate = trip.returnDate { query.append(("return_date", returnDate.text)) }
        let tripClass =
            switch trip.cabin {
            case .economy, .premiumEconomy: 0
            case .business: 1
            case .first: 2
            }
        query += [
            ("oneway", trip.returnDate == nil ? "1" : "0"), ("adults", String(max(1, trip.adults))), ("children", String(trip.children)),
            ("infants", String(trip.infants)), ("trip_class", String(tripClass)), ("with_request", "true"),
        ]
        return "https://wayaway.io/search?" + query.map { "\($0.0)=\(percentEncoded($0.1))" }.joined(separator: "&")
    }

    /// `text` with everything but RFC 3986's unreserved characters percent-encoded (a URL as a query value).
    public static func percentEncoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}

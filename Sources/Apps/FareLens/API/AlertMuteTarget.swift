import Foundation
import PlatformAPI

/// What a mute silences; the body of `POST /alerts/mutes` (`{"route": {…}}` or `{"airline": "UA"}`).
public enum AlertMuteTarget: Encodable, Sendable, Equatable, Hashable {
    case route(MutedRoute)
    case airline(String)

    enum CodingKeys: String, CodingKey { case route, airline }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .route(let route): try container.encode(route, forKey: .route)
        case .airline(let airline): try container.encode(airline, forKey: .airline)
        }
    }

    /// The body as it arrives: exactly one of `route` and `airline`.
    public struct Input: Codable, Sendable, Equatable {
        typealias CodingKeys = AlertMuteTarget.CodingKeys
        public var route: MutedRouteInput?
        public var airline: String?

        public init(route: MutedRouteInput? = nil, airline: String? = nil) {
            self.route = route
            self.airline = airline
        }
    }

    /// What to mute: a route or an airline; 422 naming the field otherwise.
    public static func check(_ input: Input) -> Checked<AlertMuteTarget> {
        var v = Validator()
        switch (input.route, input.airline) {
        case (let route?, nil):
            let parsed = route.route
            v.check(parsed != nil, "route", "must be {origin, destination}: two different 3-letter codes")
            return .from(v) { parsed.map { .route($0) } }
        case (nil, let airline?):
            let code = Self.airlineCode(airline)
            v.check(code != nil, "airline", "must be a 2-character IATA airline code")
            return .from(v) { code.map { .airline($0) } }
        default:
            v.check(false, input.route == nil ? "route" : "airline", "give exactly one of route and airline")
            return .from(v) { nil }
        }
    }

    /// This body as the server reads it.
    public var input: Input {
        switch self {
        case .route(let route): Input(route: MutedRouteInput(origin: route.origin, destination: route.destination))
        case .airline(let airline): Input(airline: airline)
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

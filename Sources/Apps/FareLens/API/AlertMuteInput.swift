import Foundation
import PlatformAPI

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

import Foundation
import PlatformAPI

/// A route as one path segment, `LAX-JFK`: two IATA codes (airports or metro codes such as `NYC`)
/// joined by a hyphen, upper case. Why a type: the platform's routes take one typed path parameter,
/// and the price history is addressed by origin and destination together.
public struct RoutePair: PathParameter, Hashable {
    public var origin: String
    public var destination: String

    public init(origin: String, destination: String) {
        self.origin = origin
        self.destination = destination
    }

    /// `AAA-BBB` with two different three-letter (or digit) upper-case codes; nil otherwise.
    public init?(pathComponent: String) {
        let parts = pathComponent.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy(Self.isCode), parts[0] != parts[1] else { return nil }
        self.init(origin: String(parts[0]), destination: String(parts[1]))
    }

    public var pathComponent: String { "\(origin)-\(destination)" }
    public static var notFoundName: String { "Route" }
    public static var notFoundCode: String { "route_not_found" }
    public static var schema: JSONValue { .object(["type": .string("string"), "pattern": .string("^[A-Z0-9]{3}-[A-Z0-9]{3}$")]) }

    /// Three upper-case ASCII letters or digits: an IATA code's shape.
    public static func isCode(_ text: some StringProtocol) -> Bool {
        text.utf8.count == 3 && text.utf8.allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }
}

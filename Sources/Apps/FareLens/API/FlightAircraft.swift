import Foundation
import PlatformAPI

/// The aircraft's IATA type code (`333`, `77W`); its name is in `dictionaries.aircraft`.
public struct FlightAircraft: Codable, Sendable, Equatable {
    public var code: String

    public init(code: String) { self.code = code }
}

import Foundation

/// The clock as a dependency, so expiry, scheduling and streak logic can be tested at fixed instants.
public protocol TimeSource: Sendable {
    func now() -> Date
}

/// The wall clock, truncated to microseconds so timestamps survive a round trip through either database.
public struct SystemTime: TimeSource {
    public init() {}
    public func now() -> Date { Date().truncatedToMicroseconds }
}

extension Date {
    /// Both databases store microseconds; truncating up front keeps values equal after a round trip.
    public var truncatedToMicroseconds: Date {
        Date(timeIntervalSince1970: (timeIntervalSince1970 * 1_000_000).rounded(.down) / 1_000_000)
    }
}

import Foundation

/// The clock as a dependency, so expiry, scheduling and streak logic can be tested at fixed instants.
public protocol TimeSource: Sendable {
    func now() -> Date
}

extension Date {
    /// Both databases store microseconds; truncating up front keeps values equal after a round trip.
    public var truncatedToMicroseconds: Date {
        Date(timeIntervalSince1970: (timeIntervalSince1970 * 1_000_000).rounded(.down) / 1_000_000)
    }
}

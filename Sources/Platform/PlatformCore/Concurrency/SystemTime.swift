import Foundation

/// The wall clock, truncated to microseconds so timestamps survive a round trip through either database.
public struct SystemTime: TimeSource {
    public init() {}
    public func now() -> Date { Date().truncatedToMicroseconds }
}

import Foundation

/// What a ``SharedRateLimitStore`` lease gave: the tokens granted and what the shared bucket holds
/// after it (which sizes the next lease and, when nothing was granted, the wait).
public struct RateLimitLease: Sendable, Equatable {
    public let granted: Int
    /// The shared bucket's tokens after the grant (fractional while it refills).
    public let remaining: Double

    public init(granted: Int, remaining: Double) {
        self.granted = granted
        self.remaining = remaining
    }
}

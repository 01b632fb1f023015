import Foundation

/// Which way a price refresh moves.
public enum PriceDirection: Sendable, Equatable {
    /// `too_expensive`: cheaper than every rejected item.
    case lower
    /// `too_cheap`: dearer than every rejected item.
    case higher
}

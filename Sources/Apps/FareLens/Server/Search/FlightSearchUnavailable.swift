import FareLensAPI
import Foundation
import Hummingbird
import Logging
import PlatformAPI
import PlatformCore
import Synchronization

/// Every provider is out (quota gone, failed) and nothing is cached for the search: a 503 with
/// `Retry-After` and the banner text (docs/farelens.md, "Flight search and quota").
public struct FlightSearchUnavailable: Error, Sendable, Equatable {
    /// Seconds until a retry may find a provider again (a failed one: a minute; a quota: its reset).
    public let retryAfter: Int
}

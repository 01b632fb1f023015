import Foundation
import PlatformAPI

/// The live provider's monthly quota as a search reports it (`meta.quota`), for the client's banner.
public struct FlightSearchQuota: Codable, Sendable, Equatable {
    public var provider: String
    public var used: Int
    public var limit: Int

    public init(provider: String, used: Int, limit: Int) {
        self.provider = provider
        self.used = used
        self.limit = limit
    }
}

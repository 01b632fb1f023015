import Foundation
import PlatformAPI

/// `POST /events`' answer: how many events were kept.
public struct TelemetryReceipt: Codable, Sendable, Equatable {
    public var accepted: Int

    public init(accepted: Int) { self.accepted = accepted }
}

import Foundation
import PlatformAPI

/// How much of a provider's month is used, for the client's banner: `ok` below 80 %, `warning`
/// from 80 %, `background_paused` from 90 % (only user searches and watchlists still spend),
/// `exhausted` at 100 %.
public enum FlightQuotaState: String, Codable, Sendable, CaseIterable {
    case ok, warning
    case backgroundPaused = "background_paused"
    case exhausted
}

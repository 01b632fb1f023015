import Foundation
import PlatformAPI

/// What a mute silences.
public enum AlertMuteTarget: Sendable, Equatable, Hashable {
    case route(MutedRoute)
    case airline(String)
}

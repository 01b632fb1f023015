import Foundation
import Logging
import PlatformCore
import Synchronization

/// A streamed answer as the router delivers it: text deltas, then the completion with the target
/// that produced it and its cost.
public enum RoutedStreamEvent: Sendable {
    case delta(String)
    case done(RoutedCompletion)
}

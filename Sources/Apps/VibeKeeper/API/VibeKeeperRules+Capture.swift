import Foundation
import PlatformAPI

extension VibeKeeperRules {
    /// Below this extraction confidence a capture waits in the review queue. The offline extractor
    /// scores 0.5 for an idea phrase, plus 0.2 for a recipient, 0.15 for a when and 0.15 for a
    /// budget: an idea with at least one of those is kept, an idea alone ("hmm") or no idea at all
    /// waits for the user.
    public static let reviewThreshold = 0.6
    /// A photo capture holds at most 10 MiB; larger is 413.
    public static let maxImageBytes = 10 << 20
    /// A voice capture holds at most 25 MiB; larger is 413.
    public static let maxAudioBytes = 25 << 20
}

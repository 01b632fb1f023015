import Foundation
import PlatformAPI

/// The limits of feedback, shared by the server and the SDK.
public enum FeedbackRules {
    public static let maxCommentLength = 2000
    /// The payload as compact JSON with sorted keys, in bytes.
    public static let maxPayloadBytes = 16 * 1024
}

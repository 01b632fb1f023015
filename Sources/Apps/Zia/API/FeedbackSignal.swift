import Foundation
import PlatformAPI

/// What the user thought of an assistant run.
public enum FeedbackSignal: String, Codable, Sendable, CaseIterable {
    case up, down, edit
}

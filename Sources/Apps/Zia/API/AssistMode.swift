import Foundation
import PlatformAPI

/// The agent a request is for when the caller says so (`mode`), overriding the classifier.
public enum AssistMode: String, Codable, Sendable, CaseIterable {
    case meals, routines, chores
}

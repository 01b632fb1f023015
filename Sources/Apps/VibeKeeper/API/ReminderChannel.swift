import Foundation
import PlatformAPI

/// How a reminder is delivered; `push` only until a second channel exists.
public enum ReminderChannel: String, Codable, Sendable, CaseIterable {
    case push
}

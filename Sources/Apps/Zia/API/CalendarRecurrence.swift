import Foundation
import PlatformAPI

/// How a suggested calendar event repeats.
public enum CalendarRecurrence: String, Codable, Sendable, CaseIterable {
    case daily, weekly
}

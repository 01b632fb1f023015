import Foundation
import PlatformAPI

/// Where the assistant routes a goal: one of the four agents.
public enum AssistIntent: String, Codable, Sendable, CaseIterable {
    case mealPlanning = "meal_planning"
    case routines, chores, generic
}

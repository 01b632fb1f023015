import Foundation
import PlatformAPI

/// What a saved artifact is: the assistant's meal plan, bedtime routine or chore plan (docs/zia.md,
/// "Artifacts").
public enum ArtifactType: String, Codable, Sendable, CaseIterable {
    case mealPlan = "meal_plan"
    case bedtimeRoutine = "bedtime_routine"
    case chorePlan = "chore_plan"
}

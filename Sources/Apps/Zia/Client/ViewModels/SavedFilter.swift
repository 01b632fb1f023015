import Foundation
import Observation

/// The Saved screen's filter chips, each the server's `artifact_type` filter (All sends none).
public enum SavedFilter: String, CaseIterable, Sendable {
    case all, mealPlans, routines, chores

    public var title: String {
        switch self {
        case .all: "All"
        case .mealPlans: "Meal Plans"
        case .routines: "Routines"
        case .chores: "Chores"
        }
    }

    public var artifactType: ArtifactType? {
        switch self {
        case .all: nil
        case .mealPlans: .mealPlan
        case .routines: .bedtimeRoutine
        case .chores: .chorePlan
        }
    }
}

import Foundation
import Observation

/// The app's assistant settings, shared by the chat and the feature screens (docs/zia.md,
/// "Assistant stream and chat"). Injected so a test or a preview sets them; the app persists them as it likes.
@MainActor
@Observable
public final class ZiaSettings {
    /// Off: no goal is sent; meal planning answers ``OfflineMeals`` instead (docs/zia.md, "Offline mode").
    public var aiAssistEnabled: Bool
    /// The household the offline sample dinners keep to (its allergies, diets and kids' ages); the
    /// app sets it from the household screen. Nil: no rules are known.
    public var household: HouseholdProfile?

    public init(aiAssistEnabled: Bool = true, household: HouseholdProfile? = nil) {
        self.aiAssistEnabled = aiAssistEnabled
        self.household = household
    }
}

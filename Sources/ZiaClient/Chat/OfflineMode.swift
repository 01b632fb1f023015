import Foundation
import Observation

/// The app's assistant settings, shared by the chat and the feature screens (the seed's
/// `FeatureFlags`). Injected so a test or a preview sets them; the app persists them as it likes.
@MainActor
@Observable
public final class ZiaSettings {
    /// Off: no goal is sent; meal planning answers ``OfflineMeals`` instead (the seed's offline mode).
    public var aiAssistEnabled: Bool

    public init(aiAssistEnabled: Bool = true) {
        self.aiAssistEnabled = aiAssistEnabled
    }
}

/// The week of dinners shown when the assistant is off (the seed's `sampleMeals`), with no network
/// request at all.
public enum OfflineMeals {
    public static let sampleMeals = ["Pasta", "Chicken stir-fry", "Veggie tacos", "Sheet-pan salmon", "Lentil soup", "Homemade pizza", "Breakfast for dinner"]
    static let days = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// The sample week as a plan's text: one `Day: meal` line each.
    public static var planText: String {
        (["Here's a simple week of dinners (the assistant is off):"] + zip(days, sampleMeals).map { "\($0): \($1)" }).joined(separator: "\n")
    }

    /// The sample week as a finished turn (no card: there is nothing the server planned to save).
    public static var turn: AssistTurn {
        var turn = AssistTurn()
        turn.text = planText
        turn.outcome = .answered
        return turn
    }
}

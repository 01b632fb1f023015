import Foundation
import ZiaAPI
import ZiaCorpus

/// The shipped corpus's cuisines named in the user's consented memories ("Likes Italian cuisine",
/// written back when a meal plan is saved, or "we love Mexican food"), in the order first named:
/// the meal planner prefers them after the household's own cuisines, so what the family saved
/// shapes the next plan's search query and its week.
public enum RememberedCuisines {
    /// Every cuisine of the shipped recipes (`italian`, `middle_eastern`, …).
    public static let known: [String] = {
        var seen = Set<String>()
        return RecipeCorpus.shipped.map { $0.cuisine.lowercased() }.filter { seen.insert($0).inserted }
    }()

    /// A cuisine as people write it: `middle_eastern` → "middle eastern".
    public static func words(_ cuisine: String) -> String { cuisine.lowercased().replacingOccurrences(of: "_", with: " ") }

    /// The known cuisines named as whole words in `memories`, first named first.
    public static func named(in memories: [String]) -> [String] {
        var found: [String] = []
        for memory in memories {
            let text = " " + String(memory.lowercased().map { $0.isLetter ? $0 : " " }).split(separator: " ").joined(separator: " ") + " "
            let named = known.filter { !found.contains($0) && text.contains(" " + words($0) + " ") }
            found += named.sorted { text.range(of: " " + words($0) + " ")!.lowerBound < text.range(of: " " + words($1) + " ")!.lowerBound }
        }
        return found
    }

    /// The household with the remembered cuisines after its own (repeats, ignoring case, dropped).
    public static func preferring(_ memories: [String], in household: HouseholdProfile) -> HouseholdProfile {
        var household = household
        let own = Set(household.cuisines.map { words($0) })
        household.cuisines += named(in: memories).filter { !own.contains(words($0)) }
        return household
    }
}

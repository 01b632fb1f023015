import Foundation
import ZiaAPI

/// The recipes shipped with Zia (`Resources/recipes.json`), decoded once.
public enum RecipeCorpus {
    public static let shipped: [Recipe] = {
        do { return try JSONDecoder().decode([Recipe].self, from: Data(PackageResources.recipes_json)) } catch { fatalError("recipes.json: \(error)") }
    }()
}

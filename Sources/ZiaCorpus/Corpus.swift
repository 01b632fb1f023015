import Foundation
import ZiaAPI

/// The recipes shipped with Zia (`Resources/recipes.json`), decoded once.
public enum RecipeCorpus {
    public static let shipped: [Recipe] = {
        do { return try JSONDecoder().decode([Recipe].self, from: Data(PackageResources.recipes_json)) } catch { fatalError("recipes.json: \(error)") }
    }()
}

/// The parenting knowledge base shipped with Zia (`Resources/knowledge.json`), decoded once.
public enum KnowledgeBase {
    public static let shipped: [KnowledgeArticle] = {
        do { return try JSONDecoder().decode([KnowledgeArticle].self, from: Data(PackageResources.knowledge_json)) } catch {
            fatalError("knowledge.json: \(error)")
        }
    }()
}

import Foundation
import ZiaAPI

/// The parenting knowledge base shipped with Zia (`Resources/knowledge.json`), decoded once.
public enum KnowledgeBase {
    public static let shipped: [KnowledgeArticle] = {
        do { return try JSONDecoder().decode([KnowledgeArticle].self, from: Data(PackageResources.knowledge_json)) } catch {
            fatalError("knowledge.json: \(error)")
        }
    }()
}

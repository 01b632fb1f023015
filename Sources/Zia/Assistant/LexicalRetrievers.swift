import ZiaAPI
import ZiaAssistant
import ZiaCorpus

/// Documents ranked by how many of a query's words they hold (ties keep the corpus order). The
/// stand-in retrieval over the shipped corpora until the vector-backed retrievers are wired in.
struct LexicalIndex<Document: Sendable>: Sendable {
    private let entries: [(document: Document, words: Set<String>)]

    init(_ documents: [Document], text: (Document) -> String) {
        entries = documents.map { ($0, Self.words(text($0))) }
    }

    /// The `k` documents sharing most words with `query` among those `included` keeps.
    func nearest(_ query: String, k: Int, where included: (Document) -> Bool = { _ in true }) -> [Document] {
        let wanted = Self.words(query)
        let scored = entries.enumerated().filter { included($0.element.document) }.map { (index: $0.offset, score: $0.element.words.intersection(wanted).count) }
        return scored.sorted { ($0.score, -$0.index) > ($1.score, -$1.index) }.prefix(max(0, k)).map { entries[$0.index].document }
    }

    /// Lower-cased runs of letters and digits, with a plural `s` dropped ("tacos" finds "taco").
    static func words(_ text: String) -> Set<String> {
        Set(
            text.lowercased().split { !$0.isLetter && !$0.isNumber }.map { word in
                word.count > 3 && word.hasSuffix("s") ? String(word.dropLast()) : String(word)
            })
    }
}

/// Recipes of ``RecipeCorpus/shipped`` by word overlap with the query (title, cuisine, tags, ingredients).
public struct LexicalRecipeRetriever: RecipeRetriever {
    private let index = LexicalIndex(RecipeCorpus.shipped) { recipe in
        ([recipe.title, recipe.cuisine] + recipe.tags + recipe.ingredients.map(\.name)).joined(separator: " ")
    }

    public init() {}

    public func recipes(matching query: String, k: Int) async throws -> [Recipe] {
        index.nearest(query, k: k)
    }
}

/// Articles of ``KnowledgeBase/shipped`` by word overlap with the query (title, tags, body), within a domain or all.
public struct LexicalKnowledgeRetriever: KnowledgeRetriever {
    private let index = LexicalIndex(KnowledgeBase.shipped) { article in
        ([article.title] + article.tags + [article.body]).joined(separator: " ")
    }

    public init() {}

    public func articles(matching query: String, domain: KnowledgeDomain?, k: Int) async throws -> [KnowledgeArticle] {
        index.nearest(query, k: k) { domain == nil || $0.domain == domain }
    }
}

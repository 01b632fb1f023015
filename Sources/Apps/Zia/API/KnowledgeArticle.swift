import Foundation

/// One article of the parenting knowledge base shipped with Zia.
public struct KnowledgeArticle: Codable, Sendable, Equatable, Identifiable {
    enum CodingKeys: String, CodingKey { case id, domain, title, body, tags, minAge = "min_age", maxAge = "max_age" }
    public var id: String
    public var domain: KnowledgeDomain
    public var title: String
    public var body: String
    public var tags: [String]
    /// The ages in years the article is for (0–17 when for all).
    public var minAge: Int
    public var maxAge: Int

    public init(id: String, domain: KnowledgeDomain, title: String, body: String, tags: [String], minAge: Int = 0, maxAge: Int = 17) {
        self.id = id
        self.domain = domain
        self.title = title
        self.body = body
        self.tags = tags
        self.minAge = minAge
        self.maxAge = maxAge
    }
}

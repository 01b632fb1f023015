import Foundation

/// What one capture says about one gift idea.
public struct ExtractedIdea: Sendable, Equatable {
    /// The recipient as written, or the matched contact's name.
    public var recipientName: String?
    /// The user's contact it matched (name, alias or relationship), if any.
    public var recipientID: UUID?
    public var idea: String?
    public var occasion: String?
    /// `YYYY-MM-DD`.
    public var date: String?
    public var budgetAmount: Double?
    public var budgetCurrency: String?
    public var budgetMin: Double?
    public var budgetMax: Double?
    public var tags: [String]
    /// Anything else the capture said (a model's `notes`; the offline rules leave it empty).
    public var notes: String?
    /// 0…1: how much of an idea the text held (an idea, a recipient, a when, a budget).
    public var confidence: Double

    public init(
        recipientName: String? = nil, recipientID: UUID? = nil, idea: String? = nil, occasion: String? = nil, date: String? = nil,
        budgetAmount: Double? = nil, budgetCurrency: String? = nil, budgetMin: Double? = nil, budgetMax: Double? = nil, tags: [String] = [],
        confidence: Double = 0
    ) {
        self.recipientName = recipientName
        self.recipientID = recipientID
        self.idea = idea
        self.occasion = occasion
        self.date = date
        self.budgetAmount = budgetAmount
        self.budgetCurrency = budgetCurrency
        self.budgetMin = budgetMin
        self.budgetMax = budgetMax
        self.tags = tags
        self.confidence = confidence
    }
}

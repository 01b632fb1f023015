import Foundation
import PlatformAPI

/// The body of `POST /gift-ideas` (docs/vibekeeper.md, "API").
public struct NewGiftIdea: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey {
        case recipientId = "recipient_id", idea, occasion, date, tags, budgetAmount = "budget_amount", budgetCurrency = "budget_currency",
            budgetRangeMin = "budget_range_min", budgetRangeMax = "budget_range_max", status, notes
    }
    public var recipientId: ContactID?
    public var idea: String
    public var occasion: String?
    public var date: LocalDate?
    public var tags: [String]
    public var budgetAmount: Double?
    public var budgetCurrency: String
    public var budgetRangeMin: Double?
    public var budgetRangeMax: Double?
    public var status: GiftIdeaStatus
    public var notes: String?

    public init(
        recipientId: ContactID? = nil, idea: String, occasion: String? = nil, date: LocalDate? = nil, tags: [String] = [], budgetAmount: Double? = nil,
        budgetCurrency: String = VibeKeeperRules.defaultCurrency, budgetRangeMin: Double? = nil, budgetRangeMax: Double? = nil, status: GiftIdeaStatus = .idea,
        notes: String? = nil
    ) {
        self.recipientId = recipientId
        self.idea = idea
        self.occasion = occasion
        self.date = date
        self.tags = tags
        self.budgetAmount = budgetAmount
        self.budgetCurrency = budgetCurrency
        self.budgetRangeMin = budgetRangeMin
        self.budgetRangeMax = budgetRangeMax
        self.status = status
        self.notes = notes
    }

    /// The body as it arrives: every field optional and loosely typed, so one 422 names every wrong field.
    public struct Input: Codable, Sendable, Equatable {
        typealias CodingKeys = NewGiftIdea.CodingKeys
        public var recipientId: String?
        public var idea: String?
        public var occasion: String?
        public var date: String?
        public var tags: [String]?
        public var budgetAmount: Double?
        public var budgetCurrency: String?
        public var budgetRangeMin: Double?
        public var budgetRangeMax: Double?
        public var status: String?
        public var notes: String?

        public init(
            recipientId: String? = nil, idea: String? = nil, occasion: String? = nil, date: String? = nil, tags: [String]? = nil, budgetAmount: Double? = nil,
            budgetCurrency: String? = nil, budgetRangeMin: Double? = nil, budgetRangeMax: Double? = nil, status: String? = nil, notes: String? = nil
        ) {
            self.recipientId = recipientId
            self.idea = idea
            self.occasion = occasion
            self.date = date
            self.tags = tags
            self.budgetAmount = budgetAmount
            self.budgetCurrency = budgetCurrency
            self.budgetRangeMin = budgetRangeMin
            self.budgetRangeMax = budgetRangeMax
            self.status = status
            self.notes = notes
        }
    }

    /// Idea required (1–500 characters after trimming); occasion at most 200; date a real
    /// `YYYY-MM-DD`; at most 30 tags of at most 50 characters (normalised: trimmed, lower-case,
    /// unique, blanks dropped); budget figures from 0 to 1e9 with `budget_range_min` ≤
    /// `budget_range_max`; currency three ISO 4217 letters (upper-cased, default USD); status `idea`, `purchased`
    /// or `given` (default `idea`); notes at most 5,000. `recipient_id` must name one of the
    /// caller's contacts, which the server checks (404).
    public static func check(_ input: Input) -> Checked<NewGiftIdea> {
        var v = Validator()
        let recipient = GiftIdeaFieldRules.recipient(input.recipientId, &v)
        let idea = v.requireText(input.idea, "idea", maxLength: VibeKeeperRules.maxIdeaLength)
        let occasion = v.optionalText(input.occasion, "occasion", maxLength: VibeKeeperRules.maxNameLength)
        let date = input.date.flatMap { GiftIdeaFieldRules.date($0, &v) }
        let tags = GiftIdeaFieldRules.tags(input.tags ?? [], &v)
        let amount = input.budgetAmount.flatMap { GiftIdeaFieldRules.budget($0, "budget_amount", &v) }
        let currency = GiftIdeaFieldRules.currency(input.budgetCurrency, &v)
        let low = input.budgetRangeMin.flatMap { GiftIdeaFieldRules.budget($0, "budget_range_min", &v) }
        let high = input.budgetRangeMax.flatMap { GiftIdeaFieldRules.budget($0, "budget_range_max", &v) }
        GiftIdeaFieldRules.range(low, high, &v)
        var status: GiftIdeaStatus? = .idea
        if let raw = input.status { status = v.requireEnum(raw, "status", as: GiftIdeaStatus.self) }
        let notes = v.optionalText(input.notes, "notes", maxLength: VibeKeeperRules.maxNotesLength)
        return .from(v) {
            guard let idea, let status else { return nil }
            return NewGiftIdea(
                recipientId: recipient, idea: idea, occasion: occasion, date: date, tags: tags, budgetAmount: amount, budgetCurrency: currency ?? VibeKeeperRules.defaultCurrency,
                budgetRangeMin: low, budgetRangeMax: high, status: status, notes: notes)
        }
    }
}

import Foundation
import PlatformAPI

extension VibeKeeperRules {
    /// The largest budget figure accepted (any currency).
    public static let maxBudget = 1_000_000_000.0
    public static let defaultCurrency = "USD"
    /// Page sizes of `GET /gift-ideas`.
    public static let defaultPageSize = 50
    public static let maxPageSize = 100
    /// The longest filter text (`occasion`, `tag`, `q`) accepted.
    public static let maxFilterTextLength = 10_000
}

/// The body of `POST /gift-ideas` (seed `GiftIdeaCreate`).
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

/// The body of `PUT /gift-ideas/{id}`: only the fields to change. `null` clears an optional field
/// (`tags` become empty, the currency returns to USD); `idea` and `status` cannot be cleared.
public struct GiftIdeaChanges: Sendable, Equatable {
    public var recipientId: PatchValue<ContactID> = .unchanged
    public var idea: String?
    public var occasion: PatchValue<String> = .unchanged
    public var date: PatchValue<LocalDate> = .unchanged
    public var tags: [String]?
    public var budgetAmount: PatchValue<Double> = .unchanged
    public var budgetCurrency: String?
    public var budgetRangeMin: PatchValue<Double> = .unchanged
    public var budgetRangeMax: PatchValue<Double> = .unchanged
    public var status: GiftIdeaStatus?
    public var notes: PatchValue<String> = .unchanged

    public init() {}

    /// The body as it arrives.
    public struct Input: Decodable, Sendable, Equatable {
        public var recipientId: PatchValue<String>
        public var idea: PatchValue<String>
        public var occasion: PatchValue<String>
        public var date: PatchValue<String>
        public var tags: PatchValue<[String]>
        public var budgetAmount: PatchValue<Double>
        public var budgetCurrency: PatchValue<String>
        public var budgetRangeMin: PatchValue<Double>
        public var budgetRangeMax: PatchValue<Double>
        public var status: PatchValue<String>
        public var notes: PatchValue<String>

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: NewGiftIdea.CodingKeys.self)
            recipientId = try c.decodePatch(String.self, forKey: .recipientId)
            idea = try c.decodePatch(String.self, forKey: .idea)
            occasion = try c.decodePatch(String.self, forKey: .occasion)
            date = try c.decodePatch(String.self, forKey: .date)
            tags = try c.decodePatch([String].self, forKey: .tags)
            budgetAmount = try c.decodePatch(Double.self, forKey: .budgetAmount)
            budgetCurrency = try c.decodePatch(String.self, forKey: .budgetCurrency)
            budgetRangeMin = try c.decodePatch(Double.self, forKey: .budgetRangeMin)
            budgetRangeMax = try c.decodePatch(Double.self, forKey: .budgetRangeMax)
            status = try c.decodePatch(String.self, forKey: .status)
            notes = try c.decodePatch(String.self, forKey: .notes)
        }
    }

    /// The rules of ``NewGiftIdea/check(_:)`` for the fields present, and the range rule on the
    /// idea as it will be (`currentMin`/`currentMax` are the stored range).
    public static func check(_ input: Input, currentMin: Double?, currentMax: Double?) -> Checked<GiftIdeaChanges> {
        var v = Validator()
        var changes = GiftIdeaChanges()
        switch input.recipientId {
        case .unchanged: break
        case .cleared: changes.recipientId = .cleared
        case .set(let raw): if let id = GiftIdeaFieldRules.recipient(raw, &v) { changes.recipientId = .set(id) }
        }
        switch input.idea {
        case .unchanged: break
        case .cleared: v.fail("idea", "is required")
        case .set(let raw): changes.idea = v.requireText(raw, "idea", maxLength: VibeKeeperRules.maxIdeaLength)
        }
        changes.occasion = ContactChanges.patchText(input.occasion, "occasion", maxLength: VibeKeeperRules.maxNameLength, &v)
        switch input.date {
        case .unchanged: break
        case .cleared: changes.date = .cleared
        case .set(let raw): if let date = GiftIdeaFieldRules.date(raw, &v) { changes.date = .set(date) }
        }
        switch input.tags {
        case .unchanged: break
        case .cleared: changes.tags = []
        case .set(let raw): changes.tags = GiftIdeaFieldRules.tags(raw, &v)
        }
        changes.budgetAmount = patchBudget(input.budgetAmount, "budget_amount", &v)
        switch input.budgetCurrency {
        case .unchanged: break
        case .cleared: changes.budgetCurrency = VibeKeeperRules.defaultCurrency
        case .set(let raw): changes.budgetCurrency = GiftIdeaFieldRules.currency(raw, &v)
        }
        changes.budgetRangeMin = patchBudget(input.budgetRangeMin, "budget_range_min", &v)
        changes.budgetRangeMax = patchBudget(input.budgetRangeMax, "budget_range_max", &v)
        GiftIdeaFieldRules.range(changes.budgetRangeMin.applied(to: currentMin), changes.budgetRangeMax.applied(to: currentMax), &v)
        switch input.status {
        case .unchanged: break
        case .cleared: v.fail("status", "must be one of: idea, purchased, given")
        case .set(let raw): changes.status = v.requireEnum(raw, "status", as: GiftIdeaStatus.self)
        }
        changes.notes = ContactChanges.patchText(input.notes, "notes", maxLength: VibeKeeperRules.maxNotesLength, &v)
        return .from(v) { changes }
    }

    static func patchBudget(_ patch: PatchValue<Double>, _ field: String, _ v: inout Validator) -> PatchValue<Double> {
        switch patch {
        case .unchanged: return .unchanged
        case .cleared: return .cleared
        case .set(let value): return GiftIdeaFieldRules.budget(value, field, &v).map { .set($0) } ?? .unchanged
        }
    }
}

/// The field rules gift ideas share between create and update.
enum GiftIdeaFieldRules {
    static func recipient(_ raw: String?, _ v: inout Validator) -> ContactID? {
        guard let raw else { return nil }
        guard let id = ContactID(raw) else {
            v.fail("recipient_id", "must be the id of one of your contacts")
            return nil
        }
        return id
    }

    static func date(_ raw: String, _ v: inout Validator) -> LocalDate? {
        guard let date = LocalDate(parsing: raw) else {
            v.fail("date", "must be a real date written YYYY-MM-DD")
            return nil
        }
        return date
    }

    static func tags(_ raw: [String], _ v: inout Validator) -> [String] {
        for (index, tag) in raw.enumerated() {
            _ = v.optionalText(tag, "tags[\(index)]", maxLength: VibeKeeperRules.maxTagLength)
        }
        let tags = VibeKeeperRules.normalizedTags(raw)
        v.check(tags.count <= VibeKeeperRules.maxTags, "tags", "at most \(VibeKeeperRules.maxTags) tags")
        return tags
    }

    static func budget(_ value: Double, _ field: String, _ v: inout Validator) -> Double? {
        guard value.isFinite, value >= 0, value <= VibeKeeperRules.maxBudget else {
            v.fail(field, "must be a number from 0 to 1000000000")
            return nil
        }
        return value == 0 ? 0 : value  // -0 is stored and shown as 0
    }

    static func currency(_ raw: String?, _ v: inout Validator) -> String? {
        guard let raw else { return nil }
        let code = raw.uppercased()
        guard raw.unicodeScalars.count == 3, VibeKeeperRules.isCurrencyCode(code) else {
            v.fail("budget_currency", "must be an ISO 4217 code such as USD or EUR")
            return nil
        }
        return code
    }

    static func range(_ low: Double?, _ high: Double?, _ v: inout Validator) {
        if let low, let high, low > high { v.fail("budget_range_max", "must be at least budget_range_min") }
    }
}

/// The filters of `GET /gift-ideas` (and `GET /search`).
public struct GiftIdeaFilter: Sendable, Equatable {
    public var recipientId: ContactID?
    public var occasion: String?
    public var status: GiftIdeaStatus?
    public var tag: String?
    public var minPrice: Double?
    public var maxPrice: Double?
    public var query: String?

    public init(
        recipientId: ContactID? = nil, occasion: String? = nil, status: GiftIdeaStatus? = nil, tag: String? = nil, minPrice: Double? = nil, maxPrice: Double? = nil,
        query: String? = nil
    ) {
        self.recipientId = recipientId
        self.occasion = occasion
        self.status = status
        self.tag = tag
        self.minPrice = minPrice
        self.maxPrice = maxPrice
        self.query = query
    }

    /// Reads the filters from query parameters (`recipient_id`, `occasion`, `status`, `tag`,
    /// `min_price`, `max_price`, `q`), recording an error per wrong one.
    public static func parse(_ parameter: (String) -> String?, _ v: inout Validator) -> GiftIdeaFilter {
        var filter = GiftIdeaFilter()
        // Present but empty is a wrong value, not an absent filter (the document says so too).
        if let raw = parameter("recipient_id") {
            filter.recipientId = ContactID(raw)
            v.check(filter.recipientId != nil, "recipient_id", "must be a contact id")
        }
        // Filter text longer than any stored value simply matches nothing: no error for it.
        filter.occasion = v.optionalText(parameter("occasion"), "occasion", maxLength: VibeKeeperRules.maxFilterTextLength)
        if let raw = parameter("status") { filter.status = v.requireEnum(raw, "status", as: GiftIdeaStatus.self) }
        filter.tag = v.optionalText(parameter("tag"), "tag", maxLength: VibeKeeperRules.maxFilterTextLength)?.lowercased()
        for (field, keyPath) in [("min_price", \GiftIdeaFilter.minPrice), ("max_price", \GiftIdeaFilter.maxPrice)] {
            guard let raw = parameter(field) else { continue }
            if let value = Double(raw), value.isFinite, value >= 0, value <= VibeKeeperRules.maxBudget {
                filter[keyPath: keyPath] = value
            } else {
                v.fail(field, "must be a number from 0 to 1000000000")
            }
        }
        if let low = filter.minPrice, let high = filter.maxPrice, low > high { v.fail("max_price", "must be at least min_price") }
        filter.query = v.optionalText(parameter("q"), "q", maxLength: VibeKeeperRules.maxFilterTextLength)
        return filter
    }
}

import Foundation
import PlatformAPI

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

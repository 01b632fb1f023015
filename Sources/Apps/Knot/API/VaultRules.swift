import Foundation

/// The rules of a partner vault (docs/knot.md, "The vault"),
/// written once: the server applies ``check(_:existingMilestoneIDs:)`` to every `POST`/`PUT /vault`
/// (a 422 naming every offending field), and the SDK's onboarding and vault-editing view models apply
/// the same function, and the same small rules below, before anything is sent.
public enum VaultRules {
    private static let maxNameLength = VaultLimits.maxNameLength
    private static let maxBudgetCents = VaultLimits.maxBudgetCents
    private static let maxTenureMonths = VaultLimits.maxTenureMonths

    /// Interests or dislikes that are a valid selection on their own: exactly ``VaultLimits/categoryCount``
    /// distinct catalog categories.
    public static func isCompleteSelection(_ categories: some Collection<String>) -> Bool {
        categories.count == VaultLimits.categoryCount && Set(categories).count == categories.count && categories.allSatisfy { KnotCatalog.interest(named: $0) != nil }
    }

    /// Categories named both as an interest and as a dislike (which the vault refuses).
    public static func overlap(interests: some Sequence<String>, dislikes: some Sequence<String>) -> Set<String> {
        Set(interests).intersection(dislikes)
    }

    /// Whether a vault (or a one-off override) names an allowed number of distinct vibes.
    public static func isValidVibeSelection(_ vibes: some Collection<Vibe>) -> Bool {
        VaultLimits.vibeCount.contains(vibes.count) && Set(vibes).count == vibes.count
    }

    /// Whether a budget range is allowed: 0 ≤ min ≤ max ≤ ``VaultLimits/maxBudgetCents``.
    public static func isValidBudget(min: Int, max: Int) -> Bool {
        min >= 0 && max >= min && max <= maxBudgetCents
    }

    /// Whether two love languages may be the primary and secondary (they must differ).
    public static func areValidLoveLanguages(primary: LoveLanguage, secondary: LoveLanguage) -> Bool {
        primary != secondary
    }

    /// Checks `input` against every vault rule, returning clean content (trimmed, interests in catalog
    /// order, milestone dates as stored) or every offending field at once.
    /// - Parameter existingMilestoneIDs: IDs a `PUT` may keep; `nil` on create (IDs are then ignored).
    public static func check(_ input: VaultInput, existingMilestoneIDs: Set<MilestoneID>? = nil) -> Checked<VaultContent> {
        var v = Validator()
        let name = v.requireText(input.partnerName, "partner_name", maxLength: maxNameLength)
        if let tenure = input.relationshipTenureMonths {
            v.check(tenure >= 0, "relationship_tenure_months", "must be 0 or more")
            v.check(tenure <= maxTenureMonths, "relationship_tenure_months", "must be at most \(maxTenureMonths)")
        }
        let cohabitation = input.cohabitationStatus.flatMap { v.requireEnum($0, "cohabitation_status", as: CohabitationStatus.self) }
        let city = v.optionalText(input.locationCity, "location_city", maxLength: 100)
        let state = v.optionalText(input.locationState, "location_state", maxLength: 100)
        var country = v.optionalText(input.locationCountry, "location_country", maxLength: 100) ?? "US"
        if country.count == 2 { country = country.uppercased() }

        let likes = categories(input.interests, field: "interests", validator: &v)
        let dislikes = categories(input.dislikes, field: "dislikes", validator: &v)
        if let likes, let dislikes {
            let overlap = overlap(interests: likes, dislikes: dislikes)
            if !overlap.isEmpty {
                v.fail("dislikes", "cannot also be interests: \(overlap.sorted().joined(separator: ", "))")
            }
        }

        var milestones: [Milestone] = []
        if let inputs = input.milestones {
            if inputs.isEmpty { v.fail("milestones", "must include the partner's birthday") }
            if inputs.count > VaultLimits.maxMilestones { v.fail("milestones", "must have at most \(VaultLimits.maxMilestones) entries") }
            var seenIDs = Set<MilestoneID>()
            for (index, item) in inputs.prefix(VaultLimits.maxMilestones).enumerated() {
                if let milestone = milestone(item, field: "milestones[\(index)]", existingIDs: existingMilestoneIDs, seenIDs: &seenIDs, validator: &v) {
                    milestones.append(milestone)
                }
            }
            if !inputs.isEmpty, !inputs.contains(where: { $0.milestoneType == MilestoneType.birthday.rawValue }) {
                v.fail("milestones", "must include the partner's birthday")
            }
        } else {
            v.fail("milestones", "is required (at least the partner's birthday)")
        }

        var vibes: [Vibe] = []
        if let raw = input.vibes {
            for (index, value) in raw.enumerated() {
                if let vibe = Vibe(rawValue: value) {
                    vibes.append(vibe)
                } else {
                    v.fail("vibes[\(index)]", "must be one of: \(Vibe.allCases.map(\.rawValue).joined(separator: ", "))")
                }
            }
            if Set(vibes).count != vibes.count { v.fail("vibes", "must not repeat a vibe") }
            v.check(VaultLimits.vibeCount.contains(raw.count), "vibes", "must have \(vibeRange) vibes (got \(raw.count))")
        } else {
            v.fail("vibes", "is required (\(vibeRange) vibes)")
        }

        var budgets: [Budget] = []
        if let raw = input.budgets {
            for (index, item) in raw.enumerated() {
                if let budget = budget(item, field: "budgets[\(index)]", validator: &v) { budgets.append(budget) }
            }
            let types = raw.compactMap(\.occasionType)
            if Set(types).count != types.count { v.fail("budgets", "must have one budget per occasion type") }
            let missing = OccasionType.allCases.filter { type in !types.contains(type.rawValue) }
            if !missing.isEmpty { v.fail("budgets", "must cover all 3 occasion types; missing \(missing.map(\.rawValue).joined(separator: ", "))") }
        } else {
            v.fail("budgets", "is required (one per occasion type: just_because, minor_occasion, major_milestone)")
        }

        var loveLanguages: LoveLanguages?
        if let raw = input.loveLanguages {
            let primary = v.requireEnum(raw.primary, "love_languages.primary", as: LoveLanguage.self)
            let secondary = v.requireEnum(raw.secondary, "love_languages.secondary", as: LoveLanguage.self)
            if let primary, let secondary {
                if !areValidLoveLanguages(primary: primary, secondary: secondary) {
                    v.fail("love_languages.secondary", "must differ from the primary love language")
                } else {
                    loveLanguages = LoveLanguages(primary: primary, secondary: secondary)
                }
            }
        } else {
            v.fail("love_languages", "is required ({\"primary\": …, \"secondary\": …})")
        }

        guard v.isValid, let name, let likes, let dislikes, let loveLanguages else { return .invalid(v.errors) }
        return .valid(
            VaultContent(
                partnerName: name, relationshipTenureMonths: input.relationshipTenureMonths, cohabitationStatus: cohabitation,
                locationCity: city, locationState: state, locationCountry: country,
                interests: likes.sorted(by: catalogOrder), dislikes: dislikes.sorted(by: catalogOrder),
                milestones: milestones, vibes: Vibe.allCases.filter(vibes.contains),
                budgets: OccasionType.allCases.compactMap { type in budgets.first { $0.occasionType == type } },
                loveLanguages: loveLanguages
            ))
    }

    /// "1 to 4".
    private static var vibeRange: String { "\(VaultLimits.vibeCount.lowerBound) to \(VaultLimits.vibeCount.upperBound)" }

    /// Sorts categories in the catalog's display order.
    public static func catalogOrder(_ a: String, _ b: String) -> Bool {
        (KnotCatalog.interestOrder[a] ?? 0) < (KnotCatalog.interestOrder[b] ?? 0)
    }

    static func categories(_ raw: [String]?, field: String, validator v: inout Validator) -> [String]? {
        guard let raw else {
            v.fail(field, "is required (exactly \(VaultLimits.categoryCount) categories)")
            return nil
        }
        var result: [String] = []
        var valid = true
        for (index, name) in raw.enumerated() {
            if let canonical = KnotCatalog.interest(named: name) {
                result.append(canonical)
            } else {
                valid = false
                v.fail("\(field)[\(index)]", "'\(name.prefix(50))' is not one of the \(KnotCatalog.interests.count) interest categories")
            }
        }
        if Set(result).count != result.count {
            valid = false
            v.fail(field, "must not repeat a category")
        }
        if raw.count != VaultLimits.categoryCount {
            valid = false
            v.fail(field, "must have exactly \(VaultLimits.categoryCount) categories (got \(raw.count))")
        }
        return valid ? result : nil
    }

    static func milestone(
        _ item: VaultInput.MilestoneInput, field: String, existingIDs: Set<MilestoneID>?, seenIDs: inout Set<MilestoneID>, validator v: inout Validator
    ) -> Milestone? {
        let type = v.requireEnum(item.milestoneType, "\(field).milestone_type", as: MilestoneType.self)
        let name = v.requireText(item.milestoneName, "\(field).milestone_name", maxLength: maxNameLength)
        let recurrence = v.requireEnum(item.recurrence ?? Recurrence.yearly.rawValue, "\(field).recurrence", as: Recurrence.self)
        var date: String?
        if let raw = item.milestoneDate {
            if let parsed = LocalDate(parsing: raw) {
                date = MilestoneDates.storedDate(parsed, recurrence: recurrence ?? .oneTime)?.text
            }
            if date == nil { v.fail("\(field).milestone_date", "must be a date as YYYY-MM-DD") }
        } else {
            v.fail("\(field).milestone_date", "is required (YYYY-MM-DD)")
        }
        var tier: OccasionType?
        if let raw = item.budgetTier {
            tier = v.requireEnum(raw, "\(field).budget_tier", as: OccasionType.self)
        } else if let type, let name {
            tier = type.defaultBudgetTier(name: name)
            if tier == nil { v.fail("\(field).budget_tier", "is required for custom milestones") }
        }
        var id = MilestoneID()
        if let rawID = item.id, let existingIDs {
            if let parsed = MilestoneID(rawID), existingIDs.contains(parsed), !seenIDs.contains(parsed) {
                id = parsed
                seenIDs.insert(parsed)
            } else {
                v.fail("\(field).id", "is not one of this vault's milestones")
            }
        }
        guard let type, let name, let date, let recurrence, let tier else { return nil }
        return Milestone(id: id, milestoneType: type, milestoneName: name, milestoneDate: date, recurrence: recurrence, budgetTier: tier)
    }

    static func budget(_ item: VaultInput.BudgetInput, field: String, validator v: inout Validator) -> Budget? {
        let type = v.requireEnum(item.occasionType, "\(field).occasion_type", as: OccasionType.self)
        guard let minAmount = item.minAmount else {
            v.fail("\(field).min_amount", "is required (in cents)")
            return nil
        }
        guard let maxAmount = item.maxAmount else {
            v.fail("\(field).max_amount", "is required (in cents)")
            return nil
        }
        v.check(minAmount >= 0, "\(field).min_amount", "must be 0 or more")
        v.check(maxAmount >= minAmount, "\(field).max_amount", "must be at least min_amount")
        v.check(maxAmount <= maxBudgetCents, "\(field).max_amount", "must be at most \(maxBudgetCents) cents")
        let currency = (item.currency ?? "USD").trimmingCharacters(in: .whitespaces).uppercased()
        v.check(currency.count == 3 && currency.allSatisfy { $0.isASCII && $0.isLetter }, "\(field).currency", "must be an ISO 4217 code such as USD")
        guard let type, isValidBudget(min: minAmount, max: maxAmount), currency.count == 3 else { return nil }
        return Budget(occasionType: type, minAmount: minAmount, maxAmount: maxAmount, currency: currency)
    }
}

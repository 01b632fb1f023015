import Foundation
import PlatformAPI

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

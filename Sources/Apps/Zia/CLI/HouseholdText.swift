import ArgumentParser
import CLISupport
import Foundation
import ZiaClient

/// A household profile read from and written for the command line.
enum HouseholdText {
    static func describe(_ household: Household) -> String {
        describe(household.profile) + (household.foodRules.map { "\n" + rules($0) } ?? "")
    }

    /// How Zia reads the rules: "Food rules: vegetarian (diet); Erdnüsse → peanut; kiwi (matched as words)".
    static func rules(_ rules: FoodRules) -> String {
        let read = rules.rules.map { rule in
            switch rule.kind {
            case .allergy: "\(rule.text) → \(rule.means.joined(separator: ", "))"
            case .diet: "\(rule.text) → \(rule.means.joined(separator: ", ")) (diet)"
            case .words: "\(rule.text) (matched as words)"
            }
        }
        let infant = rules.infantHazards.isEmpty ? [] : ["under 3: no \(rules.infantHazards.map { $0.replacingOccurrences(of: "_", with: " ") }.joined(separator: ", "))"]
        let all = read + infant
        return "Food rules: \(all.isEmpty ? "none" : all.joined(separator: "; "))"
    }

    static func describe(_ profile: HouseholdProfile) -> String {
        let adults = profile.adults.map { "\($0.name) (\($0.role.rawValue)\($0.age.map { ", \($0)" } ?? ""))" }
        let kids = profile.kids.map { kid in
            "\(kid.name), \(kid.age)" + (kid.dietaryRestrictions.isEmpty ? "" : " — avoids \(kid.dietaryRestrictions.joined(separator: ", "))")
        }
        let bed = profile.bedtimePreferences
        let bedtime = [bed.bedtime.map { "bed \($0)" }, bed.wakeTime.map { "up \($0)" }, bed.windDownMinutes.map { "\($0) min wind-down" }]
            .compactMap { $0 }
        return [
            "Adults:     \(adults.joined(separator: "; "))",
            "Kids:       \(kids.isEmpty ? "none" : kids.joined(separator: "; "))",
            "Allergies:  \(profile.allergies.isEmpty ? "none" : profile.allergies.joined(separator: ", "))",
            "Cuisines:   \(profile.cuisines.isEmpty ? "any" : profile.cuisines.joined(separator: ", "))",
            "Bedtime:    \(bedtime.isEmpty ? "not set" : bedtime.joined(separator: ", "))",
            "Onboarding: \(profile.onboardingCompleted ? "completed" : "not completed")",
        ].joined(separator: "\n")
    }

    /// `a, b ,c` → `["a", "b", "c"]`; blank entries dropped.
    static func list(_ text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// What an edit took away from `before`: allergies and kids no longer there.
    static func dropped(from before: HouseholdProfile, to after: HouseholdProfile) -> [String] {
        let allergies = Set(after.allergies.map { $0.lowercased() })
        let kids = Set(after.kids.map { $0.name.lowercased() })
        var lines: [String] = []
        let goneAllergies = before.allergies.filter { !allergies.contains($0.lowercased()) }
        if !goneAllergies.isEmpty { lines.append("no longer in your allergies: \(goneAllergies.joined(separator: ", "))") }
        let goneKids = before.kids.filter { !kids.contains($0.name.lowercased()) }.map(\.name)
        if !goneKids.isEmpty { lines.append("no longer in your household: \(goneKids.joined(separator: ", "))") }
        return lines
    }

    /// `NAME:AGE[:restriction,…]`; without restrictions, a kid of that name keeps those `stored` has
    /// (a safety rule is never erased by leaving it out; `NAME:AGE:` clears them).
    static func kid(_ text: String, keeping stored: [HouseholdKid] = []) throws -> HouseholdKid {
        let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 2, let age = Int(parts[1].trimmingCharacters(in: .whitespaces)) else {
            throw CLI.invalidUsage("--kid takes NAME:AGE[:restriction,…], e.g. Sam:7:peanuts (got \"\(text)\").")
        }
        let known = stored.first { $0.name.trimmingCharacters(in: .whitespaces).lowercased() == parts[0].trimmingCharacters(in: .whitespaces).lowercased() }
        return HouseholdKid(name: parts[0], age: age, dietaryRestrictions: parts.count > 2 ? list(parts[2]) : known?.dietaryRestrictions ?? [])
    }

    /// `NAME[:ROLE[:AGE]]`.
    static func adult(_ text: String) throws -> HouseholdAdult {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        let role = parts.count > 1 && !parts[1].isEmpty ? AdultRole(rawValue: parts[1].lowercased()) : .parent
        let age = parts.count > 2 ? Int(parts[2]) : nil
        guard parts.count <= 3, let role, parts.count < 3 || age != nil else {
            let roles = AdultRole.allCases.map(\.rawValue).joined(separator: "|")
            throw CLI.invalidUsage("--adult takes NAME[:ROLE[:AGE]] with ROLE one of \(roles) (got \"\(text)\").")
        }
        return HouseholdAdult(name: parts[0], age: age, role: role)
    }

    /// `profile` with the keys of the JSON object in `file` put in place of its own. A value of the
    /// wrong type is an invalid field (exit status 5) named by its path, as the server would name it.
    static func merge(_ profile: HouseholdProfile, file: URL) throws -> HouseholdProfile {
        let data: Data
        do { data = try Data(contentsOf: file) } catch { throw CLIError("cannot read \(file.path): \(error.localizedDescription)", exitCode: 64) }
        guard case .object(let changes)? = try? JSONDecoder().decode(JSONValue.self, from: data) else {
            throw CLIError("\(file.path) is not a JSON object.", exitCode: 64)
        }
        guard case .object(var merged) = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(profile)) else { return profile }
        for (key, value) in changes { merged[key] = value }
        do {
            return try JSONDecoder().decode(HouseholdProfile.self, from: JSONEncoder().encode(JSONValue.object(merged)))
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context), let DecodingError.dataCorrupted(context) {
            throw invalidField(path(context.codingPath), context.debugDescription)
        } catch let DecodingError.keyNotFound(key, context) {
            throw invalidField(path(context.codingPath + [key]), "is required")
        }
    }

    /// `kids[0].age`, as the server names a field.
    static func path(_ keys: [any CodingKey]) -> String {
        keys.reduce("") { path, key in
            if let index = key.intValue { return path + "[\(index)]" }
            return path.isEmpty ? key.stringValue : path + "." + key.stringValue
        }
    }
}

import ArgumentParser
import CLISupport
import Foundation
import ZiaClient

/// `zia household show|edit`: the signed-in user's household profile.
struct HouseholdCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "household", abstract: "Your household: adults, kids, allergies, cuisines, bedtime.", subcommands: [Show.self, Edit.self],
        defaultSubcommand: Show.self)

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show your household profile.")
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { api in
                let household = try await api.send(ZiaRoutes.household, try owner(options))
                try options.show(household) { HouseholdText.describe($0) }
            }
        }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change your household profile: from a JSON file (its keys replace yours), or with flags for the common fields.",
            discussion: "The server checks the result; what it rejects is listed by field (exit status 5).")
        @Option(help: "A JSON object with any of the profile's keys (adults, kids, allergies, cuisines, bedtime_preferences, …).") var file: String?
        @Option(help: "Allergies, comma-separated (\"\" clears them).") var allergies: String?
        @Option(help: "Cuisines you like, comma-separated (\"\" clears them).") var cuisines: String?
        @Option(help: "A kid as NAME:AGE[:restriction,…]; repeat for each (replaces the kids; a kid already listed keeps its restrictions unless given, NAME:AGE: clears them).")
        var kid: [String] = []
        @Flag(help: "Remove every kid.") var noKids = false
        @Option(help: "An adult as NAME[:ROLE[:AGE]]; repeat for each (replaces the adults).") var adult: [String] = []
        @Option(help: "Bedtime, HH:MM.") var bedtime: String?
        @Option(help: "Wake time, HH:MM.") var wakeTime: String?
        @Option(help: "Wind-down minutes before bed.") var windDown: Int?
        @Flag(inversion: .prefixedNo, help: "Mark onboarding as completed (or not).") var onboardingCompleted: Bool?
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { api in
                let me = try owner(options)
                // Saved under the version read (`If-Match`); when someone saved meanwhile, read again and apply again.
                for attempt in 1...3 {
                    let current = try await api.client.response(ZiaRoutes.household, me, body: nil)
                    let profile = try edited(try api.client.decode(current, of: ZiaRoutes.household).profile)
                    let headers = current.header(PreconditionHeaders.eTag).map { [PreconditionHeaders.ifMatch: $0] } ?? [:]
                    do {
                        let saved = try await api.send(ZiaRoutes.upsertHousehold, body: profile, headers: headers)
                        let before = try api.client.decode(current, of: ZiaRoutes.household).profile
                        try options.show(saved) { "Household saved.\n" + HouseholdText.describe($0) }
                        // Replacing a list is what --allergies and --kid do; what they dropped is said, never silent.
                        for line in HouseholdText.dropped(from: before, to: saved.profile) { StatusLine().say(line) }
                        return
                    } catch ClientError.conflict(412, _, _) where attempt < 3 {
                        continue
                    }
                }
            }
        }

        /// `profile` with this command's options applied.
        func edited(_ stored: HouseholdProfile) throws -> HouseholdProfile {
            var profile = stored
            if let file { profile = try HouseholdText.merge(profile, file: URL(fileURLWithPath: file)) }
            if let allergies { profile.allergies = HouseholdText.list(allergies) }
            if let cuisines { profile.cuisines = HouseholdText.list(cuisines) }
            if noKids { profile.kids = [] }
            if !kid.isEmpty { profile.kids = try kid.map { try HouseholdText.kid($0, keeping: stored.kids) } }
            if !adult.isEmpty { profile.adults = try adult.map(HouseholdText.adult) }
            if let bedtime { profile.bedtimePreferences.bedtime = bedtime }
            if let wakeTime { profile.bedtimePreferences.wakeTime = wakeTime }
            if let windDown { profile.bedtimePreferences.windDownMinutes = windDown }
            if let onboardingCompleted { profile.onboardingCompleted = onboardingCompleted }
            return profile
        }
    }
}

/// The signed-in user as the household routes name them.
func owner(_ options: SessionOptions) throws -> HouseholdOwner {
    let stored = try options.signedIn().stored
    guard let user = UserID(stored.userId) else { throw CLIError.notSignedIn(CLI.self) }
    return HouseholdOwner(user)
}

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

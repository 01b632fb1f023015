import Foundation
import PlatformAPI

extension HouseholdProfile {
    /// The body of `POST /households/upsert` as it arrives: every field optional, `adults` a list or
    /// (the legacy shape) a count, kids as a list or (legacy) `kidsAges`. ``check(_:)`` turns it into
    /// the normalised profile or one 422 naming every offending field by its JSON path.
    public struct Input: Decodable, Sendable, Equatable {
        enum CodingKeys: String, CodingKey {
            case adults, kids, kidsAges, allergies, cuisines, bedtimePreferences = "bedtime_preferences", onboardingCompleted = "onboarding_completed",
                onboardingVersion = "onboarding_version"
        }
        public var adults: Adults?
        public var kids: [Kid]?
        public var kidsAges: [Int]?
        public var allergies: [String]?
        public var cuisines: [String]?
        public var bedtimePreferences: Bedtime?
        public var onboardingCompleted: Bool?
        public var onboardingVersion: Int?

        public init(
            adults: Adults? = nil, kids: [Kid]? = nil, kidsAges: [Int]? = nil, allergies: [String]? = nil, cuisines: [String]? = nil,
            bedtimePreferences: Bedtime? = nil, onboardingCompleted: Bool? = nil, onboardingVersion: Int? = nil
        ) {
            self.adults = adults
            self.kids = kids
            self.kidsAges = kidsAges
            self.allergies = allergies
            self.cuisines = cuisines
            self.bedtimePreferences = bedtimePreferences
            self.onboardingCompleted = onboardingCompleted
            self.onboardingVersion = onboardingVersion
        }

        /// `adults`: a list of adults, or the legacy count.
        public enum Adults: Decodable, Sendable, Equatable {
            case count(Int)
            case list([Adult])

            /// What `adults` must be, for any value that is neither.
            public static let requirement = "must be a list of at most \(ZiaRules.maxPeople) adults or a count from 0 to \(ZiaRules.maxPeople)"

            public init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                if let count = try? container.decode(Int.self) {
                    self = .count(count)
                    return
                }
                do {
                    self = .list(try container.decode([Adult].self))
                } catch DecodingError.typeMismatch(_, let context) where context.codingPath.count == decoder.codingPath.count {
                    // Neither a whole number nor a list (2.5, "2"): say what it may be, not just "an array".
                    throw DecodingError.dataCorruptedError(in: container, debugDescription: Self.requirement)
                }
            }
        }

        /// An adult as sent: every field optional, checked by ``HouseholdProfile/check(_:)``.
        public struct Adult: Decodable, Sendable, Equatable {
            public var name: String?
            public var age: Int?
            public var role: String?
            public init(name: String? = nil, age: Int? = nil, role: String? = nil) {
                self.name = name
                self.age = age
                self.role = role
            }
        }

        /// A kid as sent: every field optional, checked by ``HouseholdProfile/check(_:)``.
        public struct Kid: Decodable, Sendable, Equatable {
            enum CodingKeys: String, CodingKey { case name, age, dietaryRestrictions = "dietary_restrictions" }
            public var name: String?
            public var age: Int?
            public var dietaryRestrictions: [String]?
            public init(name: String? = nil, age: Int? = nil, dietaryRestrictions: [String]? = nil) {
                self.name = name
                self.age = age
                self.dietaryRestrictions = dietaryRestrictions
            }
        }

        /// Bedtime preferences as sent, checked by ``HouseholdProfile/check(_:)``.
        public struct Bedtime: Decodable, Sendable, Equatable {
            enum CodingKeys: String, CodingKey { case bedtime, wakeTime = "wake_time", windDownMinutes = "wind_down_minutes", notes }
            public var bedtime: String?
            public var wakeTime: String?
            public var windDownMinutes: Int?
            public var notes: String?
            public init(bedtime: String? = nil, wakeTime: String? = nil, windDownMinutes: Int? = nil, notes: String? = nil) {
                self.bedtime = bedtime
                self.wakeTime = wakeTime
                self.windDownMinutes = windDownMinutes
                self.notes = notes
            }
        }
    }

    /// This profile as the server reads it (what the SDK sends round-trips unchanged).
    public var input: Input {
        Input(
            adults: .list(adults.map { Input.Adult(name: $0.name, age: $0.age, role: $0.role.rawValue) }),
            kids: kids.map { Input.Kid(name: $0.name, age: $0.age, dietaryRestrictions: $0.dietaryRestrictions) },
            allergies: allergies, cuisines: cuisines,
            bedtimePreferences: Input.Bedtime(
                bedtime: bedtimePreferences.bedtime, wakeTime: bedtimePreferences.wakeTime, windDownMinutes: bedtimePreferences.windDownMinutes,
                notes: bedtimePreferences.notes),
            onboardingCompleted: onboardingCompleted, onboardingVersion: onboardingVersion)
    }

    /// The body normalised onto the defaults: what a first save stores (``check(_:onto:)``).
    public static func check(_ input: Input) -> Checked<HouseholdProfile> { check(input, onto: .defaults) }

    /// The body normalised (docs/zia.md, "Household profile") onto `base` (the stored profile, or the defaults when
    /// none is stored): a field left out (or `null`) keeps its value in `base`, a field sent
    /// replaces it — an empty list clears it, and `bedtime_preferences` is replaced whole; a kid
    /// sent without `dietary_restrictions` keeps the stored kid's. Adults: a list of at most 20 (name at most 100 characters, "Me" / "Adult N" when missing;
    /// age 18–120 or none; role one of ``AdultRole``, parent when missing) or a legacy count 0–20
    /// (that many parents named by default); none at all is the one adult "Me". Kids: at most 20,
    /// each with an age 0–17 (name "Child N" when missing), or the legacy `kidsAges` (not both).
    /// Allergies, cuisines, dietary restrictions: at most 50 non-blank entries of at most 100
    /// characters, trimmed, repeats (ignoring case) dropped. Bedtime and wake time exactly `HH:MM`,
    /// wind-down 0–240 minutes, notes at most 500 characters. Onboarding version 0–1000.
    public static func check(_ input: Input, onto base: HouseholdProfile) -> Checked<HouseholdProfile> {
        var v = Validator()
        var profile = base
        if input.adults != nil { profile.adults = adults(input.adults, &v) }
        if input.kids != nil || input.kidsAges != nil { profile.kids = kids(input, keeping: base.kids, &v) }
        if input.allergies != nil { profile.allergies = entries(input.allergies, "allergies", &v) }
        if input.cuisines != nil { profile.cuisines = entries(input.cuisines, "cuisines", &v) }
        if let bedtime = input.bedtimePreferences {
            profile.bedtimePreferences = Self.bedtime(bedtime, &v)
        }
        if let completed = input.onboardingCompleted { profile.onboardingCompleted = completed }
        if let version = input.onboardingVersion {
            v.check(ZiaRules.onboardingVersions.contains(version), "onboarding_version", range(ZiaRules.onboardingVersions))
            profile.onboardingVersion = version
        }
        return .from(v) { profile }
    }

    static func adults(_ input: Input.Adults?, _ v: inout Validator) -> [HouseholdAdult] {
        var adults: [HouseholdAdult] = []
        switch input {
        case nil: break
        case .count(let count):
            guard (0...ZiaRules.maxPeople).contains(count) else {
                v.fail("adults", Input.Adults.requirement)
                break
            }
            adults = (0..<count).map { HouseholdAdult(name: HouseholdAdult.defaultName(at: $0)) }
        case .list(let list):
            guard list.count <= ZiaRules.maxPeople else {
                v.fail("adults", "must hold at most \(ZiaRules.maxPeople) adults")
                break
            }
            for (index, adult) in list.enumerated() {
                let path = "adults[\(index)]"
                let name = v.optionalText(adult.name, "\(path).name", maxLength: ZiaRules.maxNameLength) ?? HouseholdAdult.defaultName(at: index)
                if let age = adult.age { v.check(ZiaRules.adultAges.contains(age), "\(path).age", range(ZiaRules.adultAges)) }
                var role = AdultRole.parent
                if let raw = adult.role, let parsed = v.requireEnum(raw, "\(path).role", as: AdultRole.self) { role = parsed }
                adults.append(HouseholdAdult(name: name, age: adult.age, role: role))
            }
        }
        return adults.isEmpty ? [.me] : adults
    }

    /// The kids sent; a kid sent without `dietary_restrictions` keeps those of the stored kid of
    /// the same name (ignoring case), or of the same place when the list keeps its length — so a
    /// client that edits a kid's age cannot erase what they must not eat.
    static func kids(_ input: Input, keeping stored: [HouseholdKid], _ v: inout Validator) -> [HouseholdKid] {
        if let ages = input.kidsAges {
            guard input.kids == nil else {
                v.fail("kidsAges", "must not be sent with kids (kidsAges is the legacy spelling of kids)")
                return []
            }
            guard ages.count <= ZiaRules.maxPeople else {
                v.fail("kidsAges", "must hold at most \(ZiaRules.maxPeople) ages")
                return []
            }
            for (index, age) in ages.enumerated() { v.check(ZiaRules.kidAges.contains(age), "kidsAges[\(index)]", range(ZiaRules.kidAges)) }
            // Legacy ages for the same number of kids keep each stored kid's name and restrictions;
            // for another number they could not say whose restrictions are whose, so they are refused.
            if stored.count != ages.count, stored.contains(where: { !$0.dietaryRestrictions.isEmpty }) {
                v.fail("kidsAges", "cannot say which kid keeps which dietary_restrictions when the number of kids changes; send kids instead")
                return stored
            }
            return ages.enumerated().map { index, age in
                let same = stored.count == ages.count ? stored[index] : nil
                return HouseholdKid(name: same?.name ?? HouseholdKid.defaultName(at: index), age: age, dietaryRestrictions: same?.dietaryRestrictions ?? [])
            }
        }
        guard let list = input.kids else { return [] }
        guard list.count <= ZiaRules.maxPeople else {
            v.fail("kids", "must hold at most \(ZiaRules.maxPeople) kids")
            return []
        }
        var kids: [HouseholdKid] = []
        for (index, kid) in list.enumerated() {
            let path = "kids[\(index)]"
            let name = v.optionalText(kid.name, "\(path).name", maxLength: ZiaRules.maxNameLength) ?? HouseholdKid.defaultName(at: index)
            if let age = kid.age {
                v.check(ZiaRules.kidAges.contains(age), "\(path).age", range(ZiaRules.kidAges))
            } else {
                v.fail("\(path).age", "is required")
            }
            var restrictions = entries(kid.dietaryRestrictions, "\(path).dietary_restrictions", &v)
            if kid.dietaryRestrictions == nil, kid.name == nil, stored.count != list.count, stored.contains(where: { !$0.dietaryRestrictions.isEmpty }) {
                // Nothing says which stored kid this is, and one of them has restrictions: refuse rather than guess.
                v.fail("\(path).dietary_restrictions", "is required for a kid sent without a name while the number of kids changes (a stored kid has dietary restrictions)")
            } else if kid.dietaryRestrictions == nil {
                // By the name sent; a kid sent without a name only by its place in a list of the same length.
                let byName = kid.name == nil ? nil : stored.first { $0.name.lowercased() == name.lowercased() }
                let same = byName ?? (stored.count == list.count ? stored[index] : nil)
                restrictions = same?.dietaryRestrictions ?? []
            }
            kids.append(HouseholdKid(name: name, age: kid.age ?? 0, dietaryRestrictions: restrictions))
        }
        return kids
    }

    static func bedtime(_ input: Input.Bedtime, _ v: inout Validator) -> BedtimePreferences {
        func clock(_ text: String?, _ field: String, _ v: inout Validator) -> String? {
            guard let text else { return nil }
            v.check(ZiaRules.isClockTime(text), "bedtime_preferences.\(field)", "must be a time of day as HH:MM (00:00 to 23:59)")
            return text
        }
        if let minutes = input.windDownMinutes {
            v.check(ZiaRules.windDownMinutes.contains(minutes), "bedtime_preferences.wind_down_minutes", range(ZiaRules.windDownMinutes))
        }
        return BedtimePreferences(
            bedtime: clock(input.bedtime, "bedtime", &v), wakeTime: clock(input.wakeTime, "wake_time", &v), windDownMinutes: input.windDownMinutes,
            notes: v.optionalText(input.notes, "bedtime_preferences.notes", maxLength: ZiaRules.maxNotesLength))
    }

    /// A list of short texts, each non-blank and at most 100 characters once trimmed, repeats
    /// (ignoring case) dropped before counting: at most 50 different entries.
    static func entries(_ list: [String]?, _ field: String, _ v: inout Validator) -> [String] {
        guard let list else { return [] }
        let texts = CaseInsensitiveText.unique(list.enumerated().compactMap { v.requireText($0.element, "\(field)[\($0.offset)]", maxLength: ZiaRules.maxEntryLength) })
        guard texts.count <= ZiaRules.maxListEntries else {
            v.fail(field, "must hold at most \(ZiaRules.maxListEntries) different entries")
            return []
        }
        return texts
    }

    static func range(_ range: ClosedRange<Int>) -> String { "must be an integer from \(range.lowerBound) to \(range.upperBound)" }
}

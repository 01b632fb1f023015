import Foundation
import PlatformAPI

/// Limits of contact fields beyond ``VibeKeeperRules``.
extension VibeKeeperRules {
    public static let maxRelationshipLength = 200
    public static let maxPreferences = 50
    public static let maxPreferenceKeyLength = 100
    public static let maxPreferenceValueLength = 1000
}

/// The body of `POST /contacts`: a person with the other names the user calls them by.
public struct NewContact: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case name, relationship, preferences, notes, aliases }
    public var name: String
    public var relationship: String?
    public var preferences: [String: String]
    public var notes: String?
    public var aliases: [String]

    public init(name: String, relationship: String? = nil, preferences: [String: String] = [:], notes: String? = nil, aliases: [String] = []) {
        self.name = name
        self.relationship = relationship
        self.preferences = preferences
        self.notes = notes
        self.aliases = aliases
    }

    /// The body as it arrives: every field optional, so one 422 names every wrong field.
    public struct Input: Codable, Sendable, Equatable {
        typealias CodingKeys = NewContact.CodingKeys
        public var name: String?
        public var relationship: String?
        public var preferences: [String: String]?
        public var notes: String?
        public var aliases: [String]?

        public init(name: String? = nil, relationship: String? = nil, preferences: [String: String]? = nil, notes: String? = nil, aliases: [String]? = nil) {
            self.name = name
            self.relationship = relationship
            self.preferences = preferences
            self.notes = notes
            self.aliases = aliases
        }
    }

    /// Name required (1–200 characters after trimming); relationship at most 200; notes at most
    /// 5,000; at most 20 aliases of 1–200 characters (blank ones dropped, duplicates and the name
    /// itself removed case-insensitively); at most 50 preferences, keys 1–100 and values at most
    /// 1,000 characters.
    public static func check(_ input: Input) -> Checked<NewContact> {
        var v = Validator()
        let name = v.requireText(input.name, "name", maxLength: VibeKeeperRules.maxNameLength)
        let relationship = v.optionalText(input.relationship, "relationship", maxLength: VibeKeeperRules.maxRelationshipLength)
        let notes = v.optionalText(input.notes, "notes", maxLength: VibeKeeperRules.maxNotesLength)
        let preferences = checkPreferences(input.preferences ?? [:], &v)
        let aliases = checkAliases(input.aliases ?? [], name: name ?? "", &v)
        return .from(v) { name.map { NewContact(name: $0, relationship: relationship, preferences: preferences, notes: notes, aliases: aliases) } }
    }

    /// Repeats (ignoring case) and the contact's own name are dropped before counting, as tags' are.
    static func checkAliases(_ aliases: [String], name: String, _ v: inout Validator) -> [String] {
        for (index, alias) in aliases.enumerated() {
            _ = v.optionalText(alias, "aliases[\(index)]", maxLength: VibeKeeperRules.maxNameLength)
        }
        let normalized = VibeKeeperRules.normalizedAliases(aliases, name: name)
        v.check(normalized.count <= VibeKeeperRules.maxAliases, "aliases", "at most \(VibeKeeperRules.maxAliases) different aliases (got \(normalized.count))")
        return normalized
    }

    static func checkPreferences(_ preferences: [String: String], _ v: inout Validator) -> [String: String] {
        v.check(preferences.count <= VibeKeeperRules.maxPreferences, "preferences", "at most \(VibeKeeperRules.maxPreferences) entries")
        var result: [String: String] = [:]
        for (key, value) in preferences.sorted(by: { $0.key < $1.key }) {
            let field = "preferences.\(key)"
            guard let trimmedKey = v.requireText(key, field, maxLength: VibeKeeperRules.maxPreferenceKeyLength) else { continue }
            if let text = v.optionalText(value, field, maxLength: VibeKeeperRules.maxPreferenceValueLength) { result[trimmedKey] = text }
        }
        return result
    }
}

/// The body of `PUT /contacts/{id}`: only the fields to change; `null` clears an optional field
/// (relationship, notes; preferences and aliases become empty). The name cannot be cleared.
public struct ContactChanges: Sendable, Equatable {
    public var name: String?
    public var relationship: PatchValue<String>
    public var preferences: [String: String]?
    public var notes: PatchValue<String>
    public var aliases: [String]?

    public init(
        name: String? = nil, relationship: PatchValue<String> = .unchanged, preferences: [String: String]? = nil, notes: PatchValue<String> = .unchanged,
        aliases: [String]? = nil
    ) {
        self.name = name
        self.relationship = relationship
        self.preferences = preferences
        self.notes = notes
        self.aliases = aliases
    }

    /// The body as it arrives.
    public struct Input: Decodable, Sendable, Equatable {
        public var name: PatchValue<String>
        public var relationship: PatchValue<String>
        public var preferences: PatchValue<[String: String]>
        public var notes: PatchValue<String>
        public var aliases: PatchValue<[String]>

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: NewContact.CodingKeys.self)
            name = try container.decodePatch(String.self, forKey: .name)
            relationship = try container.decodePatch(String.self, forKey: .relationship)
            preferences = try container.decodePatch([String: String].self, forKey: .preferences)
            notes = try container.decodePatch(String.self, forKey: .notes)
            aliases = try container.decodePatch([String].self, forKey: .aliases)
        }
    }

    /// The rules of ``NewContact/check(_:)`` for the fields present; aliases are normalised against
    /// `currentName` unless the name changes too.
    public static func check(_ input: Input, currentName: String) -> Checked<ContactChanges> {
        var v = Validator()
        var changes = ContactChanges()
        switch input.name {
        case .unchanged: break
        case .cleared: v.fail("name", "is required")
        case .set(let raw): changes.name = v.requireText(raw, "name", maxLength: VibeKeeperRules.maxNameLength)
        }
        changes.relationship = patchText(input.relationship, "relationship", maxLength: VibeKeeperRules.maxRelationshipLength, &v)
        changes.notes = patchText(input.notes, "notes", maxLength: VibeKeeperRules.maxNotesLength, &v)
        switch input.preferences {
        case .unchanged: break
        case .cleared: changes.preferences = [:]
        case .set(let raw): changes.preferences = NewContact.checkPreferences(raw, &v)
        }
        switch input.aliases {
        case .unchanged: break
        case .cleared: changes.aliases = []
        case .set(let raw): changes.aliases = NewContact.checkAliases(raw, name: changes.name ?? currentName, &v)
        }
        return .from(v) { changes }
    }

    /// A text field of a partial update: blank counts as cleared, as it does on create.
    static func patchText(_ patch: PatchValue<String>, _ field: String, maxLength: Int, _ v: inout Validator) -> PatchValue<String> {
        switch patch {
        case .unchanged: return .unchanged
        case .cleared: return .cleared
        case .set(let raw):
            guard let text = v.optionalText(raw, field, maxLength: maxLength) else { return .cleared }
            return .set(text)
        }
    }
}

/// The body of `POST /contacts/{id}/occasions`.
public struct NewOccasion: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case name, date, recurring }
    public var name: String
    public var date: LocalDate
    public var recurring: Bool

    public init(name: String, date: LocalDate, recurring: Bool = true) {
        self.name = name
        self.date = date
        self.recurring = recurring
    }

    /// The body as it arrives.
    public struct Input: Codable, Sendable, Equatable {
        typealias CodingKeys = NewOccasion.CodingKeys
        public var name: String?
        public var date: String?
        public var recurring: Bool?

        public init(name: String? = nil, date: String? = nil, recurring: Bool? = nil) {
            self.name = name
            self.date = date
            self.recurring = recurring
        }
    }

    /// Name required (1–200 characters after trimming); date required, a real `YYYY-MM-DD` date;
    /// `recurring` defaults to true (yearly).
    public static func check(_ input: Input) -> Checked<NewOccasion> {
        var v = Validator()
        let name = v.requireText(input.name, "name", maxLength: VibeKeeperRules.maxNameLength)
        let date = checkDate(input.date, &v)
        return .from(v) { name.flatMap { name in date.map { NewOccasion(name: name, date: $0, recurring: input.recurring ?? true) } } }
    }

    static func checkDate(_ raw: String?, _ v: inout Validator) -> LocalDate? {
        guard let raw else {
            v.fail("date", "is required")
            return nil
        }
        guard let date = LocalDate(parsing: raw) else {
            v.fail("date", "must be a real date written YYYY-MM-DD")
            return nil
        }
        return date
    }
}

/// The body of `PUT /occasions/{id}`: only the fields to change (none of them can be cleared).
public struct OccasionChanges: Sendable, Equatable {
    public var name: String?
    public var date: LocalDate?
    public var recurring: Bool?

    public init(name: String? = nil, date: LocalDate? = nil, recurring: Bool? = nil) {
        self.name = name
        self.date = date
        self.recurring = recurring
    }

    /// The body as it arrives.
    public struct Input: Decodable, Sendable, Equatable {
        public var name: PatchValue<String>
        public var date: PatchValue<String>
        public var recurring: PatchValue<Bool>

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: NewOccasion.CodingKeys.self)
            name = try container.decodePatch(String.self, forKey: .name)
            date = try container.decodePatch(String.self, forKey: .date)
            recurring = try container.decodePatch(Bool.self, forKey: .recurring)
        }
    }

    public static func check(_ input: Input) -> Checked<OccasionChanges> {
        var v = Validator()
        var changes = OccasionChanges()
        switch input.name {
        case .unchanged: break
        case .cleared: v.fail("name", "is required")
        case .set(let raw): changes.name = v.requireText(raw, "name", maxLength: VibeKeeperRules.maxNameLength)
        }
        switch input.date {
        case .unchanged: break
        case .cleared: v.fail("date", "is required")
        case .set(let raw): changes.date = NewOccasion.checkDate(raw, &v)
        }
        switch input.recurring {
        case .unchanged: break
        case .cleared: v.fail("recurring", "must be true or false")
        case .set(let value): changes.recurring = value
        }
        return .from(v) { changes }
    }
}

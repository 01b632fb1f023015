import Foundation
import PlatformAPI

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

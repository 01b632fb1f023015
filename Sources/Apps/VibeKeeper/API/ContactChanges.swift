import Foundation
import PlatformAPI

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

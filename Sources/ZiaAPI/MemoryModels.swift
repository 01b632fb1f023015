import Foundation
import PlatformAPI

/// What a memory is: something the user prefers ("no spicy food") or a fact about the family.
public enum MemoryKind: String, Codable, Sendable, CaseIterable {
    case preference, fact
}

/// The area a memory belongs to, named by its key's prefix (`meal_…`): the assistant reads only
/// the memories of the domain it plans for.
public enum MemoryDomain: String, Codable, Sendable, CaseIterable {
    case meal, routine, chore, general

    /// `meal_`: what every key of the domain starts with.
    public var keyPrefix: String { rawValue + "_" }

    /// The domain a key is scoped to; nil when it starts with no domain's prefix.
    public init?(key: String) {
        guard let domain = Self.allCases.first(where: { key.hasPrefix($0.keyPrefix) }) else { return nil }
        self = domain
    }
}

/// One of the caller's memories as the memory routes answer it.
public struct Memory: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case key, kind, value, domain, createdAt = "created_at", updatedAt = "updated_at" }
    public var key: String
    public var kind: MemoryKind
    public var value: String
    public var domain: MemoryDomain
    public var createdAt: Date
    public var updatedAt: Date

    public init(key: String, kind: MemoryKind, value: String, domain: MemoryDomain, createdAt: Date, updatedAt: Date) {
        self.key = key
        self.kind = kind
        self.value = value
        self.domain = domain
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// `GET /memory`'s answer: the caller's memories, most recently updated first.
public struct MemoryList: Codable, Sendable, Equatable {
    public var memories: [Memory]
    public init(memories: [Memory]) { self.memories = memories }
}

/// The body of `POST /memory`: a memory saved under its key (replacing the one already there).
/// Fields are optional so a missing one is a 422 naming it.
public struct MemoryInput: Codable, Sendable, Equatable {
    public var key: String?
    public var kind: String?
    public var value: String?

    public init(key: String?, kind: String?, value: String?) {
        self.key = key
        self.kind = kind
        self.value = value
    }

    /// A checked memory: its key, kind and trimmed value.
    public struct Entry: Sendable, Equatable {
        public var key: String
        public var kind: MemoryKind
        public var value: String
        public var domain: MemoryDomain
    }

    /// `key` a domain-scoped key (``MemoryRules/isKey(_:)``), `kind` preference or fact, `value`
    /// 1–500 characters once trimmed.
    public static func check(_ input: MemoryInput) -> Checked<Entry> {
        var v = Validator()
        let key = MemoryRules.requireKey(input.key, &v)
        let kind = v.requireEnum(input.kind, "kind", as: MemoryKind.self)
        let value = v.requireText(input.value, "value", maxLength: MemoryRules.maxValueLength)
        return .from(v) {
            guard let key, let kind, let value, let domain = MemoryDomain(key: key) else { return nil }
            return Entry(key: key, kind: kind, value: value, domain: domain)
        }
    }
}

/// The rules of memory keys and values, shared by the server and the SDK.
public enum MemoryRules {
    /// A key's length at most.
    public static let maxKeyLength = 64
    /// A value's length at most (characters as people see them).
    public static let maxValueLength = 500
    /// Memories one user keeps at most.
    public static let maxMemories = 200
    /// What a key must be, for 422 messages and the document.
    public static let keyRequirement =
        "must be a domain prefix (meal_, routine_, chore_ or general_) followed by at least one of a-z, 0-9 and '_', at most \(maxKeyLength) characters in all"

    /// True for `meal_…`, `routine_…`, `chore_…`, `general_…` keys of `[a-z0-9_]`, at most 64 long,
    /// with something after the prefix.
    public static func isKey(_ key: String) -> Bool {
        guard key.utf8.count <= maxKeyLength, let domain = MemoryDomain(key: key), key.utf8.count > domain.keyPrefix.utf8.count else { return false }
        return key.utf8.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "_") }
    }

    /// The key (as sent: keys are not trimmed), recording `key`'s problem in `v`.
    public static func requireKey(_ key: String?, _ v: inout Validator) -> String? {
        guard let key else {
            v.fail("key", "is required")
            return nil
        }
        guard isKey(key) else {
            v.fail("key", keyRequirement)
            return nil
        }
        return key
    }
}

import Foundation
import PlatformAPI

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

import Foundation
import PlatformAPI

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

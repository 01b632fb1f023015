import Foundation
import PlatformAPI

/// The body of `POST /memory`: a memory saved under its key (replacing the one already there).
public struct NewMemory: Encodable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case key, kind, value }
    public var key: String
    public var kind: MemoryKind
    /// The trimmed value.
    public var value: String
    /// The key's domain (not sent: the key says it).
    public var domain: MemoryDomain

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(key, forKey: .key)
        try container.encode(kind, forKey: .kind)
        try container.encode(value, forKey: .value)
    }

    /// The body as it arrives: every field optional, so a missing one is a 422 naming it.
    public struct Input: Codable, Sendable, Equatable {
        typealias CodingKeys = NewMemory.CodingKeys
        public var key: String?
        public var kind: String?
        public var value: String?

        public init(key: String? = nil, kind: String? = nil, value: String? = nil) {
            self.key = key
            self.kind = kind
            self.value = value
        }
    }

    /// `key` a domain-scoped key (``MemoryRules/isKey(_:)``), `kind` preference or fact, `value`
    /// 1–500 characters once trimmed.
    public static func check(_ input: Input) -> Checked<NewMemory> {
        var v = Validator()
        let key = MemoryRules.requireKey(input.key, &v)
        let kind = v.requireEnum(input.kind, "kind", as: MemoryKind.self)
        let value = v.requireText(input.value, "value", maxLength: MemoryRules.maxValueLength)
        return .from(v) {
            guard let key, let kind, let value, let domain = MemoryDomain(key: key) else { return nil }
            return NewMemory(key: key, kind: kind, value: value, domain: domain)
        }
    }

    /// This body as the server reads it.
    public var input: Input { Input(key: key, kind: kind.rawValue, value: value) }
}

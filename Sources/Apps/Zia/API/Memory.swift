import Foundation
import PlatformAPI

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

import Foundation
import PlatformAPI

/// One loyalty program in the user's points vault: its balance and elite status. `catalog_id` names
/// the shipped program it matched (nil for free text), which is what transfer bonuses follow.
public struct PointsProgram: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey {
        case id, kind, name, catalogID = "catalog_id", balance, status, createdAt = "created_at", updatedAt = "updated_at"
    }
    public var id: PointsProgramID
    public var kind: PointsProgramKind
    public var name: String
    public var catalogID: String?
    public var balance: Int
    public var status: String?
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        id: PointsProgramID, kind: PointsProgramKind, name: String, catalogID: String?, balance: Int, status: String?, createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.kind = kind
        self.name = name
        self.catalogID = catalogID
        self.balance = balance
        self.status = status
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(kind, forKey: .kind)
        try container.encode(name, forKey: .name)
        try container.encode(catalogID, forKey: .catalogID)
        try container.encode(balance, forKey: .balance)
        try container.encode(status, forKey: .status)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
    }
}

import Auth
import Foundation
import Logging
import Observability
import Persistence
import PlatformCore
import SQLKit

/// One recorded notification as its owner sees it (the outbox API).
public struct DeliveryEntry: Encodable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey {
        case id, channel, status, title, body, visibleTitle = "visible_title", visibleBody = "visible_body", category, threadID = "thread_id", data, devices, error
        case createdAt = "created_at", deliveredAt = "delivered_at"
    }
    public var id: UUID
    public var channel: String
    public var status: String
    public var title: String
    public var body: String
    public var visibleTitle: String
    public var visibleBody: String
    public var category: String?
    public var threadID: String?
    public var data: [String: String]
    public var devices: Int
    public var error: String?
    public var createdAt: Date
    public var deliveredAt: Date?

    init(row: any SQLRow) throws {
        id = try row.uuid("id")
        channel = try row.decode(column: "channel", as: String.self)
        status = try row.decode(column: "status", as: String.self)
        title = try row.decode(column: "title", as: String.self)
        body = try row.decode(column: "body", as: String.self)
        visibleTitle = try row.decode(column: "visible_title", as: String.self)
        visibleBody = try row.decode(column: "visible_body", as: String.self)
        category = try row.decode(column: "category", as: String?.self)
        threadID = try row.decode(column: "thread_id", as: String?.self)
        let raw = try row.decode(column: "data", as: String.self)
        data = (try? JSONSerialization.jsonObject(with: Data(raw.utf8)) as? [String: String]) ?? [:]
        devices = try row.decode(column: "devices", as: Int.self)
        error = try row.decode(column: "error", as: String?.self)
        createdAt = try row.decode(column: "created_at", as: Date.self)
        deliveredAt = try row.decode(column: "delivered_at", as: Date?.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id.lowercasedString, forKey: .id)
        try container.encode(channel, forKey: .channel)
        try container.encode(status, forKey: .status)
        try container.encode(title, forKey: .title)
        try container.encode(body, forKey: .body)
        try container.encode(visibleTitle, forKey: .visibleTitle)
        try container.encode(visibleBody, forKey: .visibleBody)
        try container.encode(category, forKey: .category)
        try container.encode(threadID, forKey: .threadID)
        try container.encode(data, forKey: .data)
        try container.encode(devices, forKey: .devices)
        try container.encode(error, forKey: .error)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(deliveredAt, forKey: .deliveredAt)
    }
}

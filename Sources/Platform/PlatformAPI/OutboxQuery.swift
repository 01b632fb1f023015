import Foundation

/// The query of `GET …/users/me/outbox` (``PlatformRoutes/outbox``): how many notifications, newest
/// first, and from which channel.
public struct OutboxQuery: RouteQuery, Equatable {
    /// Where a notification went; `all` reads every channel.
    public enum Channel: String, CaseIterable, Sendable {
        case outbox, apns, none, all
    }

    public static let limits = 1...200
    public static let defaultLimit = 50

    public var limit: Int
    public var channel: Channel

    public init(limit: Int = defaultLimit, channel: Channel = .outbox) {
        self.limit = limit
        self.channel = channel
    }

    public static let parameters: [QueryParameter] = [
        .integer("limit", range: limits, default: defaultLimit), .oneOf("channel", Channel.self, default: .outbox),
    ]

    /// `limit` 1–200 (50); `channel` outbox (the default), apns, none or all.
    public static func read(_ query: QueryValues, _ v: inout Validator) -> OutboxQuery {
        let limit = v.queryInteger(query["limit"], "limit", default: defaultLimit, range: limits)
        let channel = query["channel"].map { Channel(rawValue: $0) } ?? .outbox
        v.check(channel != nil, "channel", "must be outbox, apns, none or all")
        return OutboxQuery(limit: limit, channel: channel ?? .outbox)
    }

    public var queryItems: [URLQueryItem] {
        [URLQueryItem(name: "limit", value: String(limit)), URLQueryItem(name: "channel", value: channel.rawValue)]
    }
}

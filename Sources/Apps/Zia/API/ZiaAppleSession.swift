import Foundation
import PlatformAPI

/// `POST /auth/apple`'s answer (docs/zia.md, "API"): the platform's token pair plus `jwt`, the
/// access token again under that name.
public struct ZiaAppleSession: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case jwt }
    public var tokens: TokenPair
    public var jwt: String { tokens.accessToken }

    public init(tokens: TokenPair) { self.tokens = tokens }

    public init(from decoder: any Decoder) throws {
        tokens = try TokenPair(from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        try tokens.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(jwt, forKey: .jwt)
    }
}

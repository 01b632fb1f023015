import Foundation
import PlatformAPI

/// One hit of `GET /search`: a gift idea or a contact, with how well it matched (0…1).
public struct SearchHit: Codable, Sendable, Equatable {
    public enum Kind: String, Codable, Sendable { case giftIdea = "gift_idea", contact }
    enum CodingKeys: String, CodingKey { case type, score, giftIdea = "gift_idea", contact }
    public var type: Kind
    public var score: Double
    public var giftIdea: GiftIdea?
    public var contact: Contact?

    public init(score: Double, giftIdea: GiftIdea) {
        self.type = .giftIdea
        self.score = score
        self.giftIdea = giftIdea
    }

    public init(score: Double, contact: Contact) {
        self.type = .contact
        self.score = score
        self.contact = contact
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(type, forKey: .type)
        try c.encode(score, forKey: .score)
        try c.encodeNullable(giftIdea, forKey: .giftIdea, in: encoder)
        try c.encodeNullable(contact, forKey: .contact, in: encoder)
    }
}

import Foundation
import PlatformAPI

/// The answer of every capture route (docs/vibekeeper.md, `POST /capture/text`): the idea created — or, when the
/// capture repeats an idea the user already has for the same recipient, that existing idea with
/// `duplicate_of` set — plus `additional_ideas` when one capture named several.
public struct CaptureResult: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case additionalIdeas = "additional_ideas" }
    public var idea: GiftIdea
    public var additionalIdeas: [GiftIdea]

    public init(idea: GiftIdea, additionalIdeas: [GiftIdea] = []) {
        self.idea = idea
        self.additionalIdeas = additionalIdeas
    }

    /// The idea's own fields at the top level (the documented shape, docs/vibekeeper.md), with `additional_ideas` beside them.
    public func encode(to encoder: any Encoder) throws {
        try idea.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(additionalIdeas, forKey: .additionalIdeas)
    }

    public init(from decoder: any Decoder) throws {
        idea = try GiftIdea(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        additionalIdeas = try container.decodeIfPresent([GiftIdea].self, forKey: .additionalIdeas) ?? []
    }
}

import Foundation
import PlatformAPI

extension VibeKeeperRules {
    /// Below this extraction confidence a capture waits in the review queue. The offline extractor
    /// scores 0.5 for an idea phrase, plus 0.2 for a recipient, 0.15 for a when and 0.15 for a
    /// budget: an idea with at least one of those is kept, an idea alone ("hmm") or no idea at all
    /// waits for the user.
    public static let reviewThreshold = 0.6
    /// A photo capture holds at most 10 MiB; larger is 413.
    public static let maxImageBytes = 10 << 20
    /// A voice capture holds at most 25 MiB; larger is 413.
    public static let maxAudioBytes = 25 << 20
}

/// What the unified `POST /capture` carries in its `content_type` field (seed 3.4).
public enum CaptureContentType: String, Codable, Sendable, CaseIterable {
    case text, voice, image
}

/// The answer of every capture route (seed `GiftIdeaResponse`): the idea created — or, when the
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

    /// The idea's own fields at the top level (the seed's shape), with `additional_ideas` beside them.
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

/// The JSON body of `POST /capture/text` (the seed's client sends `text_content` as a form field;
/// both are accepted).
public struct TextCapture: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case textContent = "text_content" }
    public var textContent: String?

    public init(textContent: String?) {
        self.textContent = textContent
    }
}

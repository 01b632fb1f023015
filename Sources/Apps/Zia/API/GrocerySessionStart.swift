import Foundation
import PlatformAPI

/// The body of `POST /grocery-sessions/start`: the list to shop, from a saved meal plan
/// (`artifact_id`) or given (`items`, consolidated) — exactly one of them — and whether bought items
/// go to the pantry on completion (default true).
public struct GrocerySessionStart: Encodable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case artifactID = "artifact_id", items, autoAddToPantry = "auto_add_to_pantry" }

    /// Where the list comes from.
    public enum Source: Sendable, Equatable {
        case artifact(UUID)
        case items([GroceryItemInput.Line])
    }

    public var source: Source
    public var autoAddToPantry: Bool

    public init(source: Source, autoAddToPantry: Bool = true) {
        self.source = source
        self.autoAddToPantry = autoAddToPantry
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch source {
        case .artifact(let id): try container.encode(id.lowercasedString, forKey: .artifactID)
        case .items(let items): try container.encode(items, forKey: .items)
        }
        try container.encode(autoAddToPantry, forKey: .autoAddToPantry)
    }

    /// The body as it arrives: every field optional, so what is wrong is a 422 naming it.
    public struct Input: Codable, Sendable, Equatable {
        typealias CodingKeys = GrocerySessionStart.CodingKeys
        public var artifactID: String?
        public var items: [GroceryItemInput]?
        public var autoAddToPantry: Bool?

        public init(artifactID: String? = nil, items: [GroceryItemInput]? = nil, autoAddToPantry: Bool? = nil) {
            self.artifactID = artifactID
            self.items = items
            self.autoAddToPantry = autoAddToPantry
        }
    }

    /// Exactly one of `artifact_id` (a UUID) and `items` (each line checked as the consolidation's).
    public static func check(_ input: Input) -> Checked<GrocerySessionStart> {
        var v = Validator()
        var source: Source?
        switch (input.artifactID, input.items) {
        case (let raw?, nil):
            let id = UUID(parsing: raw)
            v.check(id != nil, "artifact_id", "must be an artifact's id (a UUID)")
            source = id.map(Source.artifact)
        case (nil, let items?):
            source = .items(GroceryItemInput.checkList(items, &v))
        case (.some, .some):
            v.fail("artifact_id", "give artifact_id or items, not both")
        case (nil, nil):
            v.fail("items", "is required when artifact_id is absent")
        }
        return .from(v) { source.map { GrocerySessionStart(source: $0, autoAddToPantry: input.autoAddToPantry ?? true) } }
    }

    /// This body as the server reads it.
    public var input: Input {
        switch source {
        case .artifact(let id): Input(artifactID: id.lowercasedString, autoAddToPantry: autoAddToPantry)
        case .items(let items): Input(items: items.map(\.input), autoAddToPantry: autoAddToPantry)
        }
    }
}

import Foundation
import PlatformAPI

/// The body of `POST /groceries/consolidate`: a list to merge, and whether to compare it with the
/// caller's pantry ("Use My Pantry").
public struct ConsolidateRequest: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case items, usePantry = "use_pantry" }
    public var items: [GroceryItemInput.Line]
    public var usePantry: Bool

    public init(items: [GroceryItemInput.Line], usePantry: Bool = false) {
        self.items = items
        self.usePantry = usePantry
    }

    /// The body as it arrives: every field optional, so what is missing is a 422 naming it.
    public struct Input: Codable, Sendable, Equatable {
        typealias CodingKeys = ConsolidateRequest.CodingKeys
        public var items: [GroceryItemInput]?
        public var usePantry: Bool?

        public init(items: [GroceryItemInput]? = nil, usePantry: Bool? = nil) {
            self.items = items
            self.usePantry = usePantry
        }
    }

    /// `items` required (at most 500), each line checked by ``GroceryItemInput/check(_:_:_:)``.
    public static func check(_ input: Input) -> Checked<ConsolidateRequest> {
        var v = Validator()
        let items = GroceryItemInput.checkList(input.items, &v)
        return .from(v) { ConsolidateRequest(items: items, usePantry: input.usePantry ?? false) }
    }

    /// This body as the server reads it.
    public var input: Input { Input(items: items.map(\.input), usePantry: usePantry) }
}

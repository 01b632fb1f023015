import Foundation
import PlatformAPI

/// The body of `POST /groceries/consolidate`: a list to merge, and whether to compare it with the
/// caller's pantry ("Use My Pantry").
public struct ConsolidateRequest: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case items, usePantry = "use_pantry" }
    public var items: [GroceryItemInput]?
    public var usePantry: Bool?

    public init(items: [GroceryItemInput]?, usePantry: Bool? = nil) {
        self.items = items
        self.usePantry = usePantry
    }

    /// The checked request.
    public struct Valid: Sendable, Equatable {
        public var items: [GroceryItemInput.Line]
        public var usePantry: Bool
    }

    /// `items` required (at most 500), each line checked by ``GroceryItemInput/check(_:_:_:)``.
    public static func check(_ input: ConsolidateRequest) -> Checked<Valid> {
        var v = Validator()
        let items = GroceryItemInput.checkList(input.items, &v)
        return .from(v) { Valid(items: items, usePantry: input.usePantry ?? false) }
    }
}

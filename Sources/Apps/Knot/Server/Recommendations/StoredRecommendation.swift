import Foundation
import Persistence
import PlatformCore
import SQLKit

/// A recommendation as the server keeps it: the contract's card plus what the pipeline needs to
/// exclude the item again on a refresh (never on the wire). Reads and writes of card fields pass
/// through (`stored.title`).
@dynamicMemberLookup
public struct StoredRecommendation: Sendable, Equatable {
    public var card: Recommendation
    var candidateKey: String?
    var matchedInterest: String?
    var matchedVibe: Vibe?
    /// The source's product category, when it named one.
    var category: String?

    /// The category `already_have_similar` excludes (see ``Candidate/productCategory(category:title:)``).
    var productCategory: String { Candidate.productCategory(category: category, title: card.title) }

    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<Recommendation, Value>) -> Value {
        get { card[keyPath: keyPath] }
        set { card[keyPath: keyPath] = newValue }
    }
}

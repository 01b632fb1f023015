import Foundation

/// What a rating prompt calls the item: a gift, or an experience (dates and outings alike).
public enum RatedItemKind: String, Sendable, Equatable, Codable {
    case gift, experience

    public init(_ type: RecommendationType) {
        self = type == .gift ? .gift : .experience
    }
}

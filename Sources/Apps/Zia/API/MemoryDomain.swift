import Foundation
import PlatformAPI

/// The area a memory belongs to, named by its key's prefix (`meal_…`): the assistant reads only
/// the memories of the domain it plans for.
public enum MemoryDomain: String, Codable, Sendable, CaseIterable {
    case meal, routine, chore, general

    /// `meal_`: what every key of the domain starts with.
    public var keyPrefix: String { rawValue + "_" }

    /// The domain a key is scoped to; nil when it starts with no domain's prefix.
    public init?(key: String) {
        guard let domain = Self.allCases.first(where: { key.hasPrefix($0.keyPrefix) }) else { return nil }
        self = domain
    }
}

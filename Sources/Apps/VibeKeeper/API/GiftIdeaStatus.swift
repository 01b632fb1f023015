import Foundation
import PlatformAPI

/// Where a gift idea is in its life (docs/vibekeeper.md, "API": `idea`, `purchased`, `given`).
public enum GiftIdeaStatus: String, Codable, Sendable, CaseIterable {
    case idea, purchased, given
}

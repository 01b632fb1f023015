import Foundation
import PlatformAPI

/// Where a gift idea is in its life (seed 3.2: `idea`, `purchased`, `given`).
public enum GiftIdeaStatus: String, Codable, Sendable, CaseIterable {
    case idea, purchased, given
}

import Foundation
import PlatformAPI

/// What a loyalty program is (docs/farelens.md, "Points vault": airline or hotel, and the cards
/// whose points transfer to them).
public enum PointsProgramKind: String, Codable, Sendable, CaseIterable {
    case airline, hotel, card
}

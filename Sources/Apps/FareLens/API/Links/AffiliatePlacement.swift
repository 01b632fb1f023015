import Foundation
import PlatformAPI

/// Where a booking link is shown (`placement`; docs/farelens.md, "Affiliate links and clicks"), so clicks and
/// bookings are counted per place.
public enum AffiliatePlacement: String, Codable, Sendable, CaseIterable {
    case dealcard, glasssheet, widget
}

import Foundation
import PlatformAPI

/// Where a booking link is shown (the seed's `placement`), so clicks and bookings are counted per place.
public enum AffiliatePlacement: String, Codable, Sendable, CaseIterable {
    case dealcard, glasssheet, widget
}

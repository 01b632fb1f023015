import Foundation
import PlatformAPI

/// The interactions the app reports (the seed's analytics events).
public enum TelemetryEventName: String, Codable, Sendable, CaseIterable {
    case appLaunched, dealsLoaded, dealLoadFailed, dealSaved, affiliateClick = "affiliate_click", dismiss, booking
}

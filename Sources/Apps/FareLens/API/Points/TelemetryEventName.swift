import Foundation
import PlatformAPI

/// The interactions the app reports (docs/farelens.md, "Telemetry").
public enum TelemetryEventName: String, Codable, Sendable, CaseIterable {
    case appLaunched, dealsLoaded, dealLoadFailed, dealSaved, affiliateClick = "affiliate_click", dismiss, booking
}

import Foundation

/// Where view models report what the user did (the seed's `AnalyticsServiceProtocol`): injected, so
/// tests record events (``RecordingAnalytics``) and the app posts them (``TelemetryAnalytics``).
/// Tracking never fails a screen: an implementation swallows its own errors.
public protocol AnalyticsService: Sendable {
    func track(_ event: AnalyticsEvent) async
}

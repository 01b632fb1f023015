import Foundation

/// Where view models report what the user did (docs/farelens.md, "SDK and CLI"): injected, so
/// tests record events (``RecordingAnalytics``) and the app posts them (``TelemetryAnalytics``).
/// Tracking never fails a screen: an implementation swallows its own errors.
public protocol AnalyticsService: Sendable {
    func track(_ event: AnalyticsEvent) async
}

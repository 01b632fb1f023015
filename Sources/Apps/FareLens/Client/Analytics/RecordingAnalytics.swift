import Foundation

/// An ``AnalyticsService`` that keeps every event in memory, in order: for tests and previews.
public actor RecordingAnalytics: AnalyticsService {
    public private(set) var events: [AnalyticsEvent] = []

    public init() {}

    public func track(_ event: AnalyticsEvent) { events.append(event) }
}

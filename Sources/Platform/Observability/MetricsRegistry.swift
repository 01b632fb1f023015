import Foundation
import Hummingbird
import PlatformCore
import Prometheus
import Synchronization

/// The server's metrics: counters, gauges and histograms kept in a swift-prometheus
/// `PrometheusCollectorRegistry` and rendered in the Prometheus text format at `GET /metrics`.
/// Each application owns one registry, so tests that build many servers never share state.
///
/// Call sites name a metric, its help text and labels at the point they record it; the registry
/// creates the series on first use (swift-prometheus returns the existing collector afterwards).
public final class MetricsRegistry: Sendable {
    /// Latency buckets in seconds, from 0.5 ms to 10 s.
    public static let defaultBuckets: [Double] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    /// The underlying registry, for code that wants swift-prometheus collectors directly.
    public let prometheus = PrometheusCollectorRegistry()
    private let buckets: [Double]
    /// The request counter and latency histogram of each (method, route, status) seen, so a request
    /// costs one dictionary lookup instead of swift-prometheus' label sorting and registry lookups.
    private let requestSeries = Mutex<[RequestSeriesKey: RequestSeries]>([:])

    struct RequestSeriesKey: Hashable {
        let method: String
        let route: String
        let status: Int
    }

    struct RequestSeries {
        let count: Counter
        let duration: Histogram<Double>
    }

    public init(buckets: [Double] = MetricsRegistry.defaultBuckets) {
        self.buckets = buckets
    }

    private static func descriptor(_ name: String, _ help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(metricName: name, unitName: "", helpText: help)
    }

    private static func pairs(_ labels: [String: String]) -> [(String, String)] {
        labels.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    public func increment(_ name: String, help: String, labels: [String: String] = [:], by amount: Double = 1) {
        prometheus.makeCounter(descriptor: Self.descriptor(name, help), labels: Self.pairs(labels)).increment(by: amount)
    }

    public func gauge(_ name: String, help: String, labels: [String: String] = [:], value: Double) {
        prometheus.makeGauge(descriptor: Self.descriptor(name, help), labels: Self.pairs(labels)).set(value)
    }

    public func observe(_ name: String, help: String, labels: [String: String] = [:], value: Double) {
        prometheus.makeValueHistogram(descriptor: Self.descriptor(name, help), labels: Self.pairs(labels), buckets: buckets).record(value)
    }

    /// Counts one HTTP request and records its latency, under the method, route template and status.
    public func recordRequest(method: String, route: String, status: Int, seconds: Double) {
        let key = RequestSeriesKey(method: method, route: route, status: status)
        let series =
            requestSeries.withLock { $0[key] }
            ?? {
                let labels = [("method", method), ("route", route), ("status", String(status))]
                let created = RequestSeries(
                    count: prometheus.makeCounter(descriptor: Self.descriptor("http_requests_total", "HTTP requests by route, method and status."), labels: labels),
                    duration: prometheus.makeValueHistogram(
                        descriptor: Self.descriptor("http_request_duration_seconds", "HTTP request latency by route, method and status."), labels: labels, buckets: buckets))
                requestSeries.withLock { $0[key] = created }
                return created
            }()
        series.count.increment()
        series.duration.record(seconds)
    }

    /// The current value of a counter (read back from the exposition text), for tests and health reporting.
    public func counterValue(_ name: String, labels: [String: String] = [:]) -> Double {
        let series = labels.isEmpty ? name : "\(name){\(Self.pairs(labels).map { "\($0.0)=\"\($0.1)\"" }.joined(separator: ","))}"
        for line in render().split(separator: "\n") where line.hasPrefix(series + " ") {
            return Double(line.dropFirst(series.count + 1)) ?? 0
        }
        return 0
    }

    /// Everything in the Prometheus text exposition format (version 0.0.4).
    public func render() -> String {
        prometheus.emitToString()
    }
}

import Foundation
import Hummingbird
import PlatformCore
import Synchronization

/// Counters, gauges and histograms kept in-process and rendered in the Prometheus text format at
/// `GET /metrics`. Each application owns one registry, so tests that build many apps never share state.
public final class MetricsRegistry: Sendable {
    /// Latency buckets in seconds, from 0.5 ms to 10 s.
    public static let defaultBuckets: [Double] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    struct Series: Hashable {
        let name: String
        let labels: [String]  // "key=\"value\"" pairs, sorted
    }

    struct Histogram {
        var counts: [UInt64]
        var sum: Double
        var count: UInt64
    }

    struct State {
        var help: [String: (type: String, text: String)] = [:]
        var counters: [Series: Double] = [:]
        var gauges: [Series: Double] = [:]
        var histograms: [Series: Histogram] = [:]
    }

    private let state = Mutex(State())
    private let buckets: [Double]

    public init(buckets: [Double] = MetricsRegistry.defaultBuckets) {
        self.buckets = buckets
    }

    private static func series(_ name: String, _ labels: [String: String]) -> Series {
        Series(name: name, labels: labels.sorted { $0.key < $1.key }.map { "\($0.key)=\"\(escape($0.value))\"" })
    }

    private static func escape(_ value: String) -> String {
        value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n")
    }

    public func increment(_ name: String, help: String, labels: [String: String] = [:], by amount: Double = 1) {
        let key = Self.series(name, labels)
        state.withLock { state in
            if state.help[name] == nil { state.help[name] = ("counter", help) }
            state.counters[key, default: 0] += amount
        }
    }

    public func gauge(_ name: String, help: String, labels: [String: String] = [:], value: Double) {
        let key = Self.series(name, labels)
        state.withLock { state in
            if state.help[name] == nil { state.help[name] = ("gauge", help) }
            state.gauges[key] = value
        }
    }

    public func observe(_ name: String, help: String, labels: [String: String] = [:], value: Double) {
        let key = Self.series(name, labels)
        let buckets = self.buckets
        state.withLock { state in
            if state.help[name] == nil { state.help[name] = ("histogram", help) }
            var histogram = state.histograms[key] ?? Histogram(counts: Array(repeating: 0, count: buckets.count), sum: 0, count: 0)
            for (index, bound) in buckets.enumerated() where value <= bound {
                histogram.counts[index] += 1
            }
            histogram.sum += value
            histogram.count += 1
            state.histograms[key] = histogram
        }
    }

    /// The current value of a counter, for tests and health reporting.
    public func counterValue(_ name: String, labels: [String: String] = [:]) -> Double {
        let key = Self.series(name, labels)
        return state.withLock { $0.counters[key] ?? 0 }
    }

    /// Everything in the Prometheus text exposition format (version 0.0.4).
    public func render() -> String {
        let snapshot = state.withLock { $0 }
        var out = ""
        func labelText(_ labels: [String], extra: String? = nil) -> String {
            let all = labels + (extra.map { [$0] } ?? [])
            return all.isEmpty ? "" : "{\(all.joined(separator: ","))}"
        }
        func format(_ value: Double) -> String {
            if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
            return String(value)
        }
        for name in snapshot.help.keys.sorted() {
            let (type, help) = snapshot.help[name]!
            out += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
            switch type {
            case "counter":
                for (series, value) in snapshot.counters.filter({ $0.key.name == name }).sorted(by: { $0.key.labels.joined() < $1.key.labels.joined() }) {
                    out += "\(name)\(labelText(series.labels)) \(format(value))\n"
                }
            case "gauge":
                for (series, value) in snapshot.gauges.filter({ $0.key.name == name }).sorted(by: { $0.key.labels.joined() < $1.key.labels.joined() }) {
                    out += "\(name)\(labelText(series.labels)) \(format(value))\n"
                }
            default:
                for (series, histogram) in snapshot.histograms.filter({ $0.key.name == name }).sorted(by: { $0.key.labels.joined() < $1.key.labels.joined() }) {
                    for (index, bound) in buckets.enumerated() {
                        out += "\(name)_bucket\(labelText(series.labels, extra: "le=\"\(bound)\"")) \(histogram.counts[index])\n"
                    }
                    out += "\(name)_bucket\(labelText(series.labels, extra: "le=\"+Inf\"")) \(histogram.count)\n"
                    out += "\(name)_sum\(labelText(series.labels)) \(histogram.sum)\n"
                    out += "\(name)_count\(labelText(series.labels)) \(histogram.count)\n"
                }
            }
        }
        return out
    }
}

/// Counts requests and measures their latency per route template (not per concrete path, so IDs do
/// not explode the series), method and status.
public struct MetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    let registry: MetricsRegistry

    public init(registry: MetricsRegistry) { self.registry = registry }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        var status = 500
        defer {
            let elapsed = ContinuousClock.now - start
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            let route = context.endpointPath ?? "unmatched"
            let labels = ["method": request.method.rawValue, "route": route, "status": String(status)]
            registry.increment("http_requests_total", help: "HTTP requests by route, method and status.", labels: labels)
            registry.observe("http_request_duration_seconds", help: "HTTP request latency by route, method and status.", labels: labels, value: seconds)
        }
        do {
            let response = try await next(request, context)
            status = response.status.code
            return response
        } catch let error as HTTPResponseError {
            status = error.status.code
            throw error
        }
    }
}

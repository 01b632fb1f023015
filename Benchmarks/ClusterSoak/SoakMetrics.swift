import Foundation
import Synchronization

/// What the soak saw, per kind of request (`knot.hints`, `farelens.search`, …): how many finished,
/// their latencies (client-side, from the first attempt to the final answer, so retries around a
/// killed instance show in p99), every attempt's unexpected status, connection errors and retries.
/// Shared by all virtual users; one lock, since a request records once.
final class SoakMetrics: Sendable {
    struct Kind: Sendable {
        var latencies: [Double] = []
        var failed = 0
        var retries = 0
    }

    private struct State: Sendable {
        var kinds: [String: Kind] = [:]
        var statuses: [String: Int] = [:]
        var connectionErrors: [String: Int] = [:]
    }

    private let state = Mutex(State())

    /// One request finished: its kind, milliseconds from first attempt to final answer, whether it
    /// ended as the route's success, and how many times it was sent again.
    func finished(_ kind: String, milliseconds: Double, succeeded: Bool, retries: Int) {
        state.withLock {
            $0.kinds[kind, default: Kind()].latencies.append(milliseconds)
            if !succeeded { $0.kinds[kind, default: Kind()].failed += 1 }
            $0.kinds[kind, default: Kind()].retries += retries
        }
    }

    /// An attempt answered a status the route does not answer on success (each attempt counts).
    func unexpectedStatus(_ status: Int) { state.withLock { $0.statuses[String(status), default: 0] += 1 } }

    /// An attempt got no HTTP answer (refused, reset, timed out), by the error's description.
    func connectionError(_ description: String) { state.withLock { $0.connectionErrors[description, default: 0] += 1 } }

    /// The report's per-kind and overall numbers.
    func summary() -> Summary {
        state.withLock { state in
            var kinds: [String: Summary.KindSummary] = [:]
            var all: [Double] = []
            for (name, kind) in state.kinds {
                kinds[name] = .init(kind.latencies, failed: kind.failed, retries: kind.retries)
                all += kind.latencies
            }
            let failed = state.kinds.values.reduce(0) { $0 + $1.failed }
            let retries = state.kinds.values.reduce(0) { $0 + $1.retries }
            return Summary(
                overall: .init(all, failed: failed, retries: retries), kinds: kinds, errorsByStatus: state.statuses, connectionErrors: state.connectionErrors)
        }
    }

    /// The numbers of a run, as the JSON report writes them.
    struct Summary: Codable, Sendable {
        struct KindSummary: Codable, Sendable {
            var requests: Int
            var failed: Int
            var retries: Int
            var p50Milliseconds: Double
            var p99Milliseconds: Double

            init(_ latencies: [Double], failed: Int, retries: Int) {
                let sorted = latencies.sorted()
                func percentile(_ share: Double) -> Double {
                    sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * share))]
                }
                requests = sorted.count
                self.failed = failed
                self.retries = retries
                p50Milliseconds = (percentile(0.5) * 10).rounded() / 10
                p99Milliseconds = (percentile(0.99) * 10).rounded() / 10
            }
        }
        var overall: KindSummary
        var kinds: [String: KindSummary]
        var errorsByStatus: [String: Int]
        var connectionErrors: [String: Int]
    }
}

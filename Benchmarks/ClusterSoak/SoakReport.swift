import Foundation

/// The result of one soak as `scripts/soak` keeps it (JSON under .cluster/soak/) and prints it (a
/// table): the load's numbers, rows created and lost per kind, writes never acknowledged.
struct SoakReport: Codable, Sendable {
    /// What one virtual user ended with.
    struct UserOutcome: Sendable {
        var signedIn: Bool
        var rows: [String: ReadBack.Count] = [:]
        var unresolvedWrites = 0
    }

    var label: String
    var base: String
    var seconds: Int
    var virtualUsers: Int
    var started: Date
    var ended: Date
    var signInFailures: Int
    /// Writes that never had a success, even when sent again after the load (not acknowledged, so not lost).
    var unresolvedWrites: Int
    var rows: [String: ReadBack.Count]
    var rowsCreated: Int
    var rowsLost: Int
    var rowsUnverified: Int
    var load: SoakMetrics.Summary
    var readBack: SoakMetrics.Summary

    init(
        label: String, base: String, seconds: Int, virtualUsers: Int, started: Date, ended: Date, outcomes: [UserOutcome], load: SoakMetrics.Summary,
        readBack: SoakMetrics.Summary
    ) {
        self.label = label
        self.base = base
        self.seconds = seconds
        self.virtualUsers = virtualUsers
        self.started = started
        self.ended = ended
        signInFailures = outcomes.filter { !$0.signedIn }.count
        unresolvedWrites = outcomes.reduce(0) { $0 + $1.unresolvedWrites }
        var rows: [String: ReadBack.Count] = [:]
        for outcome in outcomes {
            for (kind, count) in outcome.rows {
                rows[kind, default: .init()].created += count.created
                rows[kind, default: .init()].lost += count.lost
                rows[kind, default: .init()].unverified += count.unverified
            }
        }
        self.rows = rows
        rowsCreated = rows.values.reduce(0) { $0 + $1.created }
        rowsLost = rows.values.reduce(0) { $0 + $1.lost }
        rowsUnverified = rows.values.reduce(0) { $0 + $1.unverified }
        self.load = load
        self.readBack = readBack
    }

    func write(to url: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try encoder.encode(self).write(to: url)
    }

    /// The human table: one line per kind and the overall line, then errors, retries and rows.
    func table() -> String {
        func line(_ name: String, _ kind: SoakMetrics.Summary.KindSummary) -> String {
            name.padding(toLength: 24, withPad: " ", startingAt: 0) + [kind.requests, kind.failed, kind.retries].map { String($0).leftPadded(9) }.joined()
                + String(format: "%10.1f%10.1f", kind.p50Milliseconds, kind.p99Milliseconds)
        }
        var lines = [
            "\(label): \(virtualUsers) virtual users for \(seconds) s against \(base)",
            "kind".padding(toLength: 24, withPad: " ", startingAt: 0)
                + ["requests", "failed", "retries", "p50 ms", "p99 ms"].enumerated().map { $0 < 3 ? $1.leftPadded(9) : $1.leftPadded(10) }
                .joined(),
        ]
        lines += load.kinds.sorted { $0.key < $1.key }.map { line($0.key, $0.value) }
        lines.append(line("all", load.overall))
        let rate = Double(load.overall.requests) / Double(max(1, seconds))
        lines.append(String(format: "requests served: %d (%.0f/s)", load.overall.requests - load.overall.failed, rate))
        lines.append("errors by status (every attempt): " + describe(load.errorsByStatus))
        lines.append("connection errors (every attempt): " + describe(load.connectionErrors))
        lines.append("sign-in failures: \(signInFailures); writes never acknowledged: \(unresolvedWrites)")
        lines.append(
            "rows created \(rowsCreated), lost \(rowsLost), unverified \(rowsUnverified): "
                + rows.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.created)/\($0.value.lost)/\($0.value.unverified)" }.joined(separator: ", "))
        return lines.joined(separator: "\n")
    }

    func describe(_ counts: [String: Int]) -> String {
        counts.isEmpty ? "none" : counts.sorted { $0.value > $1.value }.map { "\($0.key) × \($0.value)" }.joined(separator: ", ")
    }
}

extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}

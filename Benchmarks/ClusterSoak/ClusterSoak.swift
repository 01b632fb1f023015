import AsyncHTTPClient
import Foundation

/// The soak of issue 38: a mixed load over the four apps, for a duration, through whatever serves
/// `base` (nginx in front of several instances, or one instance), then every acknowledged row read
/// back. `scripts/soak` runs it against the cluster (one instance killed and restarted halfway) and
/// against one instance, samples the instances' memory and checks the jobs table.
///
/// `cluster-soak <base-url> <seconds> <virtual-users> <report.json> [label]`
@main
enum ClusterSoak {
    static func main() async throws {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard arguments.count >= 4, let seconds = Int(arguments[1]), let users = Int(arguments[2]), seconds > 0, users > 0 else {
            FileHandle.standardError.write(Data("usage: cluster-soak <base-url> <seconds> <virtual-users> <report.json> [label]\n".utf8))
            exit(2)
        }
        let base = arguments[0].hasSuffix("/") ? String(arguments[0].dropLast()) : arguments[0]
        let label = arguments.count > 4 ? arguments[4] : "soak"

        var configuration = HTTPClient.Configuration(timeout: .init(connect: .seconds(5), read: .seconds(60)))
        // One connection per virtual user, so no user waits on another's request.
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = users + 4
        let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        let report: SoakReport
        do {
            report = await run(http: http, base: base, seconds: seconds, users: users, label: label)
        }
        try await http.shutdown()
        try report.write(to: URL(fileURLWithPath: arguments[3]))
        print(report.table())
    }

    static func run(http: HTTPClient, base: String, seconds: Int, users: Int, label: String) async -> SoakReport {
        let load = SoakMetrics()
        let readMetrics = SoakMetrics()
        let run = String(UUID().uuidString.prefix(8)).lowercased()
        let started = Date()
        let deadline = ContinuousClock.now + .seconds(seconds)
        let outcomes = await withTaskGroup(of: SoakReport.UserOutcome.self) { group in
            for number in 0..<users {
                group.addTask {
                    let address = "10.77.\(number / 250).\(number % 250 + 1)"
                    let user = VirtualUser(number: number, run: run, client: SoakClient(http: http, base: base, metrics: load, forwardedFor: address))
                    guard let tokens = await user.signIn() else { return .init(signedIn: false) }
                    let (ledger, unsettled) = await user.loop(tokens: tokens, until: deadline)
                    let (settled, unresolved) = await user.settle(unsettled)
                    let reader = VirtualUser(number: number, run: run, client: SoakClient(http: http, base: base, metrics: readMetrics, forwardedFor: address))
                    let rows = await ReadBack(user: reader).check(ledger.merging(settled) { $0 + $1 })
                    return .init(signedIn: true, rows: rows, unresolvedWrites: unresolved)
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        return SoakReport(
            label: label, base: base, seconds: seconds, virtualUsers: users, started: started, ended: Date(), outcomes: outcomes, load: load.summary(),
            readBack: readMetrics.summary())
    }
}

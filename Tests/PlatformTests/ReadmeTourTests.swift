import Foundation
import TestSupport
import Testing

/// The README's tour is the first thing a newcomer types: it is run as written (with bash and curl)
/// against a live server, so a change that breaks it fails here.
@Suite("The README's tour", .timeLimit(.minutes(3)))
struct ReadmeTourTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The shell block between the README's tour markers, without the line that starts the server.
    static func tourScript() throws -> String {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "<!-- tour:start -->\n```sh\n"))
        let end = try #require(readme.range(of: "```\n<!-- tour:end -->"))
        return readme[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("scripts/serve") }.joined(separator: "\n")
    }

    @Test("every command of the README's tour succeeds against a live server and answers what its comments say")
    func tour() async throws {
        let script = try Self.tourScript()
        #expect(script.contains("B=http://127.0.0.1:8080"), "the tour names the server's default address")
        try await withLiveServer(.sqlite) { url, _ in
            let base = url.absoluteString.hasSuffix("/") ? String(url.absoluteString.dropLast()) : url.absoluteString
            let run = try await ChildProcess.run(
                URL(fileURLWithPath: "/bin/bash"), ["-c", "set -euo pipefail\n" + script.replacingOccurrences(of: "B=http://127.0.0.1:8080", with: "B=\(base)")])
            #expect(run.status == 0, "\(run)")
            #expect(run.stdout.contains(#""apps":["#), "health: \(run.stdout.prefix(300))")
            #expect(run.stdout.contains(#""aliases":["Mom"]"#), "the contact")
            #expect(run.stdout.contains(#""idea":"pottery class""#) && run.stdout.contains(#""budget_amount":80"#), "the capture: \(run.stdout)")
            #expect(run.stdout.contains(#""type":"gift_idea""#), "the search finds the idea")
            #expect(run.stdout.contains("Don't forget Linda's birthday on May 3!"), "the reminder")
        }
    }
}

import Foundation
import Hummingbird
import KnotAPI
import KnotClient
import TestSupport
import Testing

/// `knot notifications` against a local HTTP server with fixed answers in the server's wire format,
/// so the CLI's requests and its output for every state (viewed, failed, deleted milestone) are
/// checked exactly; `CLITests.remindersFromTheRealServer` runs the same commands against the server.
@Suite("knot notifications against the contract", .serialized, .timeLimit(.minutes(3)))
struct CLINotificationsTests {
    static let milestone = "6f1c1f4e-0000-4000-8000-000000000002"
    static let unviewed = "6f1c1f4e-0000-4000-8000-000000000003"
    static let viewed = "6f1c1f4e-0000-4000-8000-000000000004"

    static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    static func contractRouter(viewedIDs: LockedIDs) -> Router<BasicRequestContext> {
        let router = Router()
        let authorized: @Sendable (Request) -> Bool = { $0.headers[.authorization] == "Bearer contract-access" }
        router.get("knot/api/v1/notifications/upcoming") { request, _ -> Response in
            guard authorized(request) else { return json(#"{"error":{"code":"invalid_token","message":"expired"}}"#, status: .unauthorized) }
            return json(
                """
                {"notifications":[{"id":"6f1c1f4e-0000-4000-8000-000000000001","milestone_id":"\(milestone)","milestone_name":"Alex's Birthday","milestone_type":"birthday","milestone_date":"2027-03-15","days_before":14,"scheduled_for":"2027-03-01T14:00:00Z","status":"pending"}],"count":1}
                """)
        }
        router.get("knot/api/v1/notifications/history") { request, _ -> Response in
            guard authorized(request) else { return json(#"{"error":{"code":"invalid_token","message":"expired"}}"#, status: .unauthorized) }
            let limit = request.uri.queryParameters.get("limit") ?? "?"
            let offset = request.uri.queryParameters.get("offset") ?? "?"
            guard limit == "5", offset == "0" else {
                return json(
                    #"{"error":{"code":"validation_failed","message":"limit/offset","fields":[{"field":"limit","message":"expected 5 and 0, got \#(limit) and \#(offset)"}]}}"#,
                    status: .unprocessableContent)
            }
            return json(
                """
                {"notifications":[
                  {"id":"\(unviewed)","milestone_id":"\(milestone)","milestone_name":"Alex's Birthday","milestone_type":"birthday","milestone_date":"2026-03-15","days_before":7,"status":"sent","sent_at":"2026-03-08T14:00:00.000Z","viewed_at":null,"created_at":"2026-02-01T10:00:00Z","recommendations_count":3},
                  {"id":"\(viewed)","milestone_id":null,"milestone_name":"Deleted Milestone","milestone_type":"custom","milestone_date":null,"days_before":3,"status":"failed","sent_at":null,"viewed_at":"2026-02-20T09:00:00Z","created_at":"2026-02-01T10:00:00Z","recommendations_count":0}
                ],"total":2}
                """)
        }
        router.patch("knot/api/v1/notifications/:id/viewed") { request, context -> Response in
            guard authorized(request) else { return json(#"{"error":{"code":"invalid_token","message":"expired"}}"#, status: .unauthorized) }
            guard let id = context.parameters.get("id"), id == unviewed || id == viewed else {
                return json(#"{"error":{"code":"notification_not_found","message":"Notification not found."}}"#, status: .notFound)
            }
            viewedIDs.insert(id)
            return json(#"{"id":"\#(id)","viewed_at":"2026-11-21T10:00:00.000Z"}"#)
        }
        return router
    }

    @Test func upcomingHistoryAndViewedFollowTheContract() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("knot-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = folder.appendingPathComponent("session.json")
        let viewedIDs = LockedIDs()

        try await withLocalHTTPServer(Self.contractRouter(viewedIDs: viewedIDs), label: "notifications-contract") { port in
            try FileTokenStore(fileURL: session).save(
                StoredSession(
                    serverUrl: "http://127.0.0.1:\(port)", email: "n@example.com", userId: "u",
                    accessToken: "contract-access", refreshToken: "contract-refresh", accessTokenExpiresAt: Date().addingTimeInterval(900)
                ))

            var run = try await CLITests.knot(["notifications"], session: session)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("2027-03-01 14:00 UTC  Alex's Birthday (2027-03-15) — 14 days before"))

            run = try await CLITests.knot(["notifications", "history", "--limit", "5"], session: session)
            #expect(run.status == 0, "\(run.stderr)")
            let lines = run.stdout.split(separator: "\n").map(String.init)
            #expect(lines.contains("• 2026-03-08  Alex's Birthday — 7 days before, sent, 3 picks  \(Self.unviewed)"))
            #expect(lines.contains("  2026-02-01  Deleted Milestone — 3 days before, failed, 0 picks  \(Self.viewed)"))
            #expect(lines.last == "2 of 2; • = not viewed.")

            run = try await CLITests.knot(["notifications", "history", "--limit", "5", "--json"], session: session)
            let page = try WireFormat.decoder().decode(NotificationHistoryPage.self, from: Data(run.stdout.utf8))
            #expect(page.notifications.map(\.isViewed) == [false, true])

            run = try await CLITests.knot(["notifications", "viewed", Self.unviewed], session: session)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("Viewed at 2026-11-21T10:00:00.000Z."))
            #expect(viewedIDs.values == [Self.unviewed])

            run = try await CLITests.knot(["notifications", "viewed", "6f1c1f4e-0000-4000-8000-0000000000ff"], session: session)
            #expect(run.status == 6)
            #expect(run.stderr.contains("not found: Notification not found."))
        }
    }
}

/// IDs recorded from the server's handlers.
final class LockedIDs: @unchecked Sendable {
    // @unchecked Sendable: `ids` is only touched while holding `lock`.
    private let lock = NSLock()
    private var ids: [String] = []
    func insert(_ id: String) { lock.withLock { ids.append(id) } }
    var values: [String] { lock.withLock { ids } }
}

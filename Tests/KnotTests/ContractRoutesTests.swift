import AppServer
import Foundation
import KnotAPI
import TestSupport
import Testing

/// The contract's route paths (``KnotRoutes``, ``PlatformRoutes``) are what the SDK sends to; the
/// server registers its routes itself. This suite ties the two: every contract endpoint is a route
/// the server serves, and every route under `/knot/api/v1` is in the contract (but the two the SDK
/// never calls, named below).
@Suite("Contract routes against the server's", .timeLimit(.minutes(3)))
struct ContractRoutesTests {
    /// `/knot/api/v1/hints/{id}` → a pattern matching `/knot/api/v1/hints/<anything but a slash>`.
    static func matches(_ template: ServerRoute, _ endpoint: Endpoint) -> Bool {
        guard template.method == endpoint.method.rawValue else { return false }
        let parts = OpenAPICoverage.openAPIPath(template.path).split(separator: "/")
        let actual = endpoint.path.split(separator: "/")
        return parts.count == actual.count && zip(parts, actual).allSatisfy { $0.hasPrefix("{") || $0 == $1 }
    }

    /// Served under the API root but not part of the SDK: the development outbox and QStash's webhook.
    static let notForClients: Set<String> = ["GET /knot/api/v1/users/me/outbox", "POST /knot/api/v1/notifications/process"]

    @Test("every contract endpoint is served, and every API route is in the contract")
    func contractAndServerAgree() async throws {
        let routes = try await withServer(.sqlite) { _, server in server.routes.filter { $0.method != "HEAD" } }
        let contract = KnotRoutes.all() + KnotRoutes.platform.all
        let unserved = contract.filter { endpoint in !routes.contains { Self.matches($0, endpoint) } }
        #expect(unserved.isEmpty, "in the contract but not served: \(unserved)")
        let api = routes.filter { $0.path.hasPrefix("/knot/api/v1/") || $0.path.hasPrefix("knot/api/v1/") }
        #expect(api.count > 15)
        let missing = api.filter { route in
            !Self.notForClients.contains("\(route.method) \(OpenAPICoverage.openAPIPath(route.path))") && !contract.contains { Self.matches(route, $0) }
        }
        #expect(missing.isEmpty, "served but not in KnotRoutes or PlatformRoutes: \(missing)")
    }
}

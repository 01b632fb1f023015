import AppServer
import Foundation
import HTTPTypes
import Logging
import Observability
import PlatformCore
import TestSupport
import Testing

/// Issue 30, 12e: `GET /metrics` (every route's traffic) is open on a development server without a
/// token and otherwise needs `Authorization: Bearer <METRICS_BEARER_TOKEN>`; refusals are 401 with
/// `WWW-Authenticate`, and a production server without a token says at start that metrics are off.
@Suite("GET /metrics access", .timeLimit(.minutes(3)))
struct MetricsAccessTests {
    static let token = "m3trics-T0ken_for.tests~"

    static func expectRefused(_ response: APIResponse, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(response.status == .unauthorized, "\(name): \(response.status)", sourceLocation: sourceLocation)
        #expect(response.headers[.wwwAuthenticate]?.hasPrefix("Bearer") == true, "\(name)", sourceLocation: sourceLocation)
        #expect(response.errorCode != nil && !response.text.contains("http_requests_total"), "\(name): a JSON error, no metrics", sourceLocation: sourceLocation)
    }

    @Test("production with METRICS_BEARER_TOKEN: only that bearer token reads /metrics; missing, wrong, other schemes, two headers: 401 with WWW-Authenticate")
    func productionNeedsTheToken() async throws {
        try await withServer(
            .sqlite,
            configure: {
                $0.environment = .production
                $0.metricsBearerToken = Self.token
            }
        ) { client, _ in
            _ = try await client.send(.get, "/health")
            var twoHeaders = HTTPFields()
            twoHeaders.append(HTTPField(name: .authorization, value: "Bearer \(Self.token)"))
            twoHeaders.append(HTTPField(name: .authorization, value: "Bearer \(Self.token)"))
            let refused: [(String, HTTPFields)] = [
                ("missing", [:]),
                ("wrong", [.authorization: "Bearer not-the-token"]),
                ("a prefix of it", [.authorization: "Bearer \(Self.token.dropLast())"]),
                ("longer", [.authorization: "Bearer \(Self.token)x"]),
                ("in another case", [.authorization: "Bearer \(Self.token.uppercased())"]),
                ("empty", [.authorization: "Bearer "]),
                ("basic", [.authorization: "Basic \(Data("metrics:\(Self.token)".utf8).base64EncodedString())"]),
                ("no scheme", [.authorization: Self.token]),
                ("two headers", twoHeaders),
            ]
            for (name, headers) in refused {
                Self.expectRefused(try await client.send(.get, "/metrics", headers: headers), name)
            }
            for value in ["Bearer \(Self.token)", "bearer \(Self.token)", "Bearer  \(Self.token) "] {
                let response = try await client.send(.get, "/metrics", headers: [.authorization: value])
                #expect(response.status == .ok, "\(value.debugDescription)")
                #expect(response.text.contains("# TYPE http_requests_total counter"))
            }
        }
    }

    @Test("production without METRICS_BEARER_TOKEN: /metrics answers 401 to everyone, and the startup log says it is disabled until the token is set")
    func productionWithoutTokenIsClosed() async throws {
        let logs = CapturedLogs()
        try await withServer(.sqlite, configure: { $0.environment = .production }, dependencies: .init(logger: logs.logger(label: "server"))) { client, _ in
            Self.expectRefused(try await client.send(.get, "/metrics"), "no credentials")
            Self.expectRefused(try await client.send(.get, "/metrics", headers: [.authorization: "Bearer anything"]), "any bearer")
            Self.expectRefused(try await client.send(.get, "/metrics", headers: [.authorization: "Bearer "]), "empty bearer")
        }
        let warnings = logs.records.filter { $0.level >= .warning && $0.message.contains("METRICS_BEARER_TOKEN") }
        #expect(warnings.count == 1, "\(logs.records.map(\.message))")
        #expect(warnings.first?.message.contains("disabled") == true)
    }

    @Test("development: /metrics stays open without a token (and nothing is logged about it); with a token configured, the token is required there too")
    func developmentIsOpenUnlessATokenIsSet() async throws {
        let logs = CapturedLogs()
        try await withServer(.sqlite, dependencies: .init(logger: logs.logger(label: "server"))) { client, _ in
            _ = try await client.send(.get, "/health")
            let open = try await client.send(.get, "/metrics")
            #expect(open.status == .ok && open.text.contains("http_requests_total"))
        }
        #expect(!logs.records.contains { $0.message.contains("METRICS_BEARER_TOKEN") })
        try await withServer(.sqlite, configure: { $0.metricsBearerToken = Self.token }) { client, _ in
            Self.expectRefused(try await client.send(.get, "/metrics"), "development, token set, none sent")
            #expect(try await client.send(.get, "/metrics", headers: [.authorization: "Bearer \(Self.token)"]).status == .ok)
        }
    }

    @Test("METRICS_BEARER_TOKEN is read from configuration and must be something a header can carry")
    func configuration() throws {
        #expect(try ServerConfiguration.load(environment: ["METRICS_BEARER_TOKEN": Self.token]).metricsBearerToken == Self.token)
        #expect(try ServerConfiguration.load(environment: [:]).metricsBearerToken == nil)
        for bad in ["two words", "tab\there", "ünïcode"] {
            #expect(throws: ServerConfiguration.Invalid.self, "\(bad)") { try ServerConfiguration.load(environment: ["METRICS_BEARER_TOKEN": bad]) }
        }
    }

    @Test("the access rule on its own: open, closed and token-guarded")
    func accessRule() throws {
        #expect(throws: Never.self) { try MetricsAccess(token: nil, development: true).authorize([:]) }
        #expect(MetricsAccess(token: nil, development: false).isDisabled)
        #expect(!MetricsAccess(token: "t", development: false).isDisabled && !MetricsAccess(token: nil, development: true).isDisabled)
        #expect(throws: APIError.self) { try MetricsAccess(token: nil, development: false).authorize([.authorization: "Bearer t"]) }
        #expect(throws: APIError.self) { try MetricsAccess(token: "t", development: true).authorize([:]) }
        #expect(throws: Never.self) { try MetricsAccess(token: "t", development: false).authorize([.authorization: "Bearer t"]) }
    }
}

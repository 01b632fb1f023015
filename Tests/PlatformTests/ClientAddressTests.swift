import AppServer
import AsyncHTTPTransport
import Foundation
import PlatformCore
import TestSupport
import Testing

import struct ClientCore.HTTPRequestData

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Client addresses behind proxies", .timeLimit(.minutes(3)))
struct ClientAddressTests {
    @Test("X-Forwarded-For counts only when the peer is a trusted proxy; the right-most untrusted hop is the client")
    func resolution() throws {
        let resolver = try ClientAddressResolver(trustedProxies: ["10.0.0.0/8", "::1", "fd00::/8"])
        #expect(resolver.client(peer: "10.1.2.3", forwardedFor: ["203.0.113.5"]) == "203.0.113.5")
        #expect(resolver.client(peer: "10.1.2.3", forwardedFor: ["198.51.100.1, 203.0.113.5, 10.9.9.9"]) == "203.0.113.5", "a chain of proxies")
        #expect(resolver.client(peer: "10.1.2.3", forwardedFor: ["6.6.6.6", "203.0.113.5"]) == "203.0.113.5", "the client's own entry on the left is ignored")
        #expect(resolver.client(peer: "::1", forwardedFor: ["2001:db8::7"]) == "2001:db8::7")
        #expect(resolver.client(peer: "fd12::1", forwardedFor: ["203.0.113.9"]) == "203.0.113.9")
        #expect(resolver.client(peer: "192.0.2.10", forwardedFor: ["203.0.113.5"]) == "192.0.2.10", "an untrusted peer cannot choose its address")
        #expect(resolver.client(peer: "10.1.2.3", forwardedFor: ["not-an-ip"]) == "10.1.2.3", "garbage falls back to the proxy")
        #expect(resolver.client(peer: "10.1.2.3", forwardedFor: []) == "10.1.2.3")
        #expect(ClientAddressResolver.direct.client(peer: "10.1.2.3", forwardedFor: ["203.0.113.5"]) == "10.1.2.3")
        #expect(ClientAddressResolver.direct.client(peer: nil, forwardedFor: ["203.0.113.5"]) == "unknown")
        #expect(throws: ClientAddressResolver.InvalidProxy.self) { try ClientAddressResolver(trustedProxies: ["10.0.0.0/33"]) }
        #expect(throws: ClientAddressResolver.InvalidProxy.self) { try ClientAddressResolver(trustedProxies: ["proxy.internal"]) }
        #expect(throws: ServerConfiguration.Invalid.self) { try ServerConfiguration.load(environment: ["TRUSTED_PROXIES": "10.0.0.0/8,nope"]) }
    }

    @Test("behind a trusted proxy, sign-in limits apply per forwarded client", arguments: [true, false])
    func rateLimitPerForwardedClient(_ trustLocalProxy: Bool) async throws {
        try await withLiveServer(
            .sqlite,
            configure: { configuration in
                configuration.authRateLimitPerMinute = 2
                configuration.trustedProxies = trustLocalProxy ? ["127.0.0.1"] : []
            },
            // A clock that stands still: no token refills between attempts on a slow, loaded machine.
            dependencies: ServerDependencies(clock: TestClock())
        ) { baseURL, _ in
            func signIn(from client: String) async throws -> Int {
                let request = HTTPRequestData(
                    method: "POST", url: baseURL.appendingPathComponent("knot/auth/dev"),
                    headers: ["Content-Type": "application/json", "X-Forwarded-For": client], body: Data(#"{"email":"proxy@example.com"}"#.utf8))
                return try await AsyncHTTPClientTransport().send(request).status
            }
            #expect(try await signIn(from: "203.0.113.5") == 200)
            #expect(try await signIn(from: "203.0.113.5") == 200)
            #expect(try await signIn(from: "203.0.113.5") == 429)
            let other = try await signIn(from: "203.0.113.6")
            #expect(other == (trustLocalProxy ? 200 : 429), "another client behind the proxy has its own bucket only when the proxy is trusted")
        }
    }
}

import AIProviders
import CryptoExtras
import Foundation
import Hummingbird
import PlatformCore
import TestSupport
import Testing

/// Service-account tokens for Vertex against a local token endpoint that checks the assertion the
/// way Google's does (RS256 signature by the account's key, issuer, audience, scope, lifetime).
@Suite("Google service-account access tokens", .timeLimit(.minutes(3)))
struct GoogleAccessTokenTests {
    @Test("a signed JWT assertion is exchanged for a token, cached, shared by concurrent callers and refreshed before expiry")
    func exchangeAndCache() async throws {
        let key = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        let publicKey = key.publicKey
        let exchanges = LockedValue(0)
        let problems = LockedValue<[String]>([])
        let router = Router()
        router.post("token") { request, _ -> Response in
            let body = String(buffer: try await request.body.collect(upTo: 1 << 16))
            var form: [String: String] = [:]
            for pair in body.split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? String($0) }
                if parts.count == 2 { form[parts[0]] = parts[1] }
            }
            let number = exchanges.withLock {
                $0 += 1; return $0
            }
            let parts = (form["assertion"] ?? "").split(separator: ".").map(String.init)
            func check(_ condition: Bool, _ problem: String) { if !condition { problems.withLock { $0.append(problem) } } }
            check(request.headers[.contentType] == "application/x-www-form-urlencoded", "form encoding")
            check(form["grant_type"] == "urn:ietf:params:oauth:grant-type:jwt-bearer", "grant type")
            check(parts.count == 3, "three JWT parts")
            if parts.count == 3, let signature = Data(base64URLEncoded: parts[2]),
                let claims = Data(base64URLEncoded: parts[1]).flatMap({ try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }),
                let header = Data(base64URLEncoded: parts[0]).flatMap({ try? JSONSerialization.jsonObject(with: $0) as? [String: Any] })
            {
                check(
                    publicKey.isValidSignature(_RSA.Signing.RSASignature(rawRepresentation: signature), for: Data("\(parts[0]).\(parts[1])".utf8), padding: .insecurePKCS1v1_5),
                    "RS256 signature")
                check(header["alg"] as? String == "RS256" && header["kid"] as? String == "key-1", "header")
                check(claims["iss"] as? String == "knot@project.iam.gserviceaccount.com", "issuer")
                check((claims["aud"] as? String)?.hasSuffix("/token") == true, "audience")
                check(claims["scope"] as? String == "https://www.googleapis.com/auth/cloud-platform", "scope")
                check((claims["exp"] as? Int ?? 0) - (claims["iat"] as? Int ?? 0) == 3600, "one hour")
            } else {
                check(false, "readable assertion")
            }
            return Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: .init(byteBuffer: ByteBuffer(string: #"{"access_token":"ya29.token-\#(number)","expires_in":3599,"token_type":"Bearer"}"#)))
        }
        try await withLocalHTTPServer(router, label: "google-token") { port in
            let clock = TestClock(Date(timeIntervalSince1970: 1_800_000_000))
            let file = try JSONSerialization.data(withJSONObject: [
                "type": "service_account", "client_email": "knot@project.iam.gserviceaccount.com", "private_key_id": "key-1",
                "private_key": key.pkcs8PEMRepresentation, "token_uri": "http://127.0.0.1:\(port)/token",
            ])
            let provider = try GoogleAccessTokenProvider(serviceAccountJSON: file, clock: clock)
            let tokens = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<5 { group.addTask { try await provider.token() } }
                return try await group.reduce(into: Set<String>()) { $0.insert($1) }
            }
            #expect(tokens == ["ya29.token-1"] && exchanges.value == 1, "five concurrent callers, one exchange")
            clock.advance(by: 50 * 60)
            #expect(try await provider.token() == "ya29.token-1", "cached while more than five minutes remain")
            clock.advance(by: 5 * 60)
            #expect(try await provider.token() == "ya29.token-2", "refreshed in the last five minutes")
            #expect(problems.value.isEmpty, "\(problems.value)")
        }
        #expect(throws: (any Error).self) { try GoogleAccessTokenProvider(serviceAccountJSON: Data(#"{"client_email":"x"}"#.utf8)) }
    }
}

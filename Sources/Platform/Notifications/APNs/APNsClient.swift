import AsyncHTTPClient
import Crypto
import Foundation
import NIOCore
import NIOHTTP1
import PlatformCore

/// APNs over HTTP/2 (async-http-client negotiates h2 by ALPN): `POST /3/device/{token}` with an
/// ES256 provider token that is reused for 50 minutes (APNs accepts one for 60 and throttles
/// tokens regenerated too often), refreshed early when APNs says it expired. 429 and 5xx are
/// retried with exponential backoff; invalid tokens are reported so the caller can delete them.
public final class APNsClient: PushProvider {
    public static let tokenLifetime: TimeInterval = 50 * 60
    static let maxAttempts = 3

    public let configuration: APNsConfiguration
    let key: P256.Signing.PrivateKey
    let client: HTTPClient
    let clock: any TimeSource
    let sleep: @Sendable (Duration) async throws -> Void
    let cachedToken = LockedValue<(token: String, issuedAt: Date)?>(nil)

    public init(
        configuration: APNsConfiguration, client: HTTPClient = .shared, clock: any TimeSource = SystemTime(),
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) throws {
        self.configuration = configuration
        self.key = try P256.Signing.PrivateKey(pemRepresentation: configuration.privateKeyPEM)
        self.client = client
        self.clock = clock
        self.sleep = sleep
    }

    /// The provider token (JWT: `{"alg":"ES256","kid":…}.{"iss":team,"iat":…}`), cached 50 minutes.
    public func providerToken(forceRefresh: Bool = false) throws -> String {
        let now = clock.now()
        if !forceRefresh, let cached = cachedToken.value, now.timeIntervalSince(cached.issuedAt) < Self.tokenLifetime {
            return cached.token
        }
        let header = Data(#"{"alg":"ES256","kid":"\#(configuration.keyID)"}"#.utf8).base64URLEncoded()
        let claims = Data(#"{"iss":"\#(configuration.teamID)","iat":\#(Int(now.timeIntervalSince1970))}"#.utf8).base64URLEncoded()
        let signingInput = header + "." + claims
        let signature = try key.signature(for: Data(signingInput.utf8)).rawRepresentation
        let token = signingInput + "." + signature.base64URLEncoded()
        cachedToken.value = (token, now)
        return token
    }

    public func send(_ payload: APNsPayload, to deviceToken: String) async -> PushOutcome {
        let body: Data
        do { body = try payload.jsonData() } catch { return .rejected(status: 0, reason: "payload could not be encoded: \(error)") }
        var refreshedToken = false
        var attempt = 0
        while true {
            attempt += 1
            do {
                var request = HTTPClientRequest(url: "\(configuration.resolvedBaseURL)/3/device/\(deviceToken)")
                request.method = .POST
                request.headers.add(name: "authorization", value: "bearer \(try providerToken())")
                request.headers.add(name: "apns-topic", value: configuration.topic(for: payload.app))
                request.headers.add(name: "apns-push-type", value: payload.pushType.rawValue)
                request.headers.add(name: "apns-priority", value: String(payload.priority))
                if let collapse = payload.collapseID { request.headers.add(name: "apns-collapse-id", value: String(collapse.prefix(64))) }
                if let expiration = payload.expiration { request.headers.add(name: "apns-expiration", value: String(Int(expiration.timeIntervalSince1970))) }
                request.headers.add(name: "content-type", value: "application/json")
                request.body = .bytes(ByteBuffer(data: body))
                let response = try await client.execute(request, timeout: .seconds(15))
                let responseBody = try await response.body.collect(upTo: 64 * 1024)
                let status = Int(response.status.code)
                if status == 200 {
                    return .accepted(apnsID: response.headers.first(name: "apns-id"))
                }
                let reason = (try? JSONSerialization.jsonObject(with: Data(buffer: responseBody)) as? [String: Any])?["reason"] as? String ?? "HTTP \(status)"
                switch (status, reason) {
                case (410, _), (400, "BadDeviceToken"), (400, "DeviceTokenNotForTopic"):
                    return .invalidToken(reason: reason)
                case (403, "ExpiredProviderToken") where !refreshedToken:
                    refreshedToken = true
                    _ = try providerToken(forceRefresh: true)
                    attempt -= 1
                    continue
                case (429, _), (500..., _):
                    if attempt < Self.maxAttempts {
                        try await sleep(.seconds(1 << (attempt - 1)))
                        continue
                    }
                    return .failed("APNs answered \(status) \(reason) after \(attempt) attempts")
                default:
                    return .rejected(status: status, reason: reason)
                }
            } catch {
                if attempt < Self.maxAttempts, (try? await sleep(.seconds(1 << (attempt - 1)))) != nil { continue }
                return .failed("APNs request failed: \(error)")
            }
        }
    }
}

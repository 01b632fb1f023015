import AsyncHTTPClient
import Crypto
import Foundation
import NIOCore
import NIOHTTP1
import PlatformCore

/// What the push service said about one device.
public enum PushOutcome: Sendable, Equatable {
    case accepted(apnsID: String?)
    /// The token is no longer valid for this app (410 Unregistered, 400 BadDeviceToken or
    /// DeviceTokenNotForTopic): forget it.
    case invalidToken(reason: String)
    /// Refused for another reason (payload too large, bad topic…); retrying will not help.
    case rejected(status: Int, reason: String)
    /// Throttled or failing after the client's retries; may succeed later.
    case failed(String)
}

/// Sends a push to one device. APNs in production; tests use a local fake that speaks its protocol.
public protocol PushProvider: Sendable {
    func send(_ payload: APNsPayload, to deviceToken: String) async -> PushOutcome
}

/// Credentials and endpoint for APNs token-based (`.p8`) authentication.
public struct APNsConfiguration: Sendable {
    public enum Environment: String, Sendable { case sandbox, production }
    public var teamID: String
    public var keyID: String
    /// The `.p8` key's PEM text (PKCS#8, P-256).
    public var privateKeyPEM: String
    /// The bundle ID (`apns-topic`) of apps without their own entry in ``topicsByApp``.
    public var topic: String
    /// Each app's bundle ID: four apps on one server are four iOS apps, each its own APNs topic.
    public var topicsByApp: [AppID: String]
    public var environment: Environment
    /// Overrides the environment's host (tests, proxies).
    public var baseURL: String?

    public init(
        teamID: String, keyID: String, privateKeyPEM: String, topic: String, topicsByApp: [AppID: String] = [:], environment: Environment = .production, baseURL: String? = nil
    ) {
        self.teamID = teamID
        self.keyID = keyID
        self.privateKeyPEM = privateKeyPEM
        self.topic = topic
        self.topicsByApp = topicsByApp
        self.environment = environment
        self.baseURL = baseURL
    }

    /// The topic a notification of `app` is sent under.
    public func topic(for app: AppID?) -> String {
        app.flatMap { topicsByApp[$0] } ?? topic
    }

    public var resolvedBaseURL: String {
        if let baseURL { return baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL }
        return environment == .production ? "https://api.push.apple.com" : "https://api.sandbox.push.apple.com"
    }
}

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

import AsyncHTTPClient
import Crypto
import Foundation
import NIOCore
import NIOHTTP1
import PlatformCore

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

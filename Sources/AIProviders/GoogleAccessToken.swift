import CryptoExtras
import Foundation
import PlatformCore

/// OAuth access tokens for Google APIs (Vertex AI) from a service-account key, the way Google's
/// client libraries get them: a JWT (RS256) signed with the account's private key, with
/// `iss` = the account, `scope`, `aud` = the token URI, `iat`/`exp` one hour apart, exchanged at
/// the token URI (`grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer`) for a bearer token that
/// is cached until five minutes before it expires. Concurrent callers share one exchange.
public actor GoogleAccessTokenProvider {
    /// The fields of a service-account key file this needs.
    public struct ServiceAccount: Decodable, Sendable {
        enum CodingKeys: String, CodingKey { case clientEmail = "client_email", privateKey = "private_key", privateKeyID = "private_key_id", tokenURI = "token_uri" }
        public var clientEmail: String
        public var privateKey: String
        public var privateKeyID: String?
        public var tokenURI: String?
    }

    public static let cloudPlatformScope = "https://www.googleapis.com/auth/cloud-platform"
    static let refreshMargin: TimeInterval = 300

    let account: ServiceAccount
    let key: _RSA.Signing.PrivateKey
    let scope: String
    let tokenURL: String
    let transport: ProviderTransport
    let clock: any TimeSource
    var cached: (token: String, expires: Date)?
    var inFlight: Task<(String, Date), any Error>?

    /// - Parameters:
    ///   - serviceAccountJSON: the key file's contents.
    ///   - tokenURL: overrides the file's `token_uri` (tests).
    public init(
        serviceAccountJSON: Data, scope: String = GoogleAccessTokenProvider.cloudPlatformScope, tokenURL: String? = nil, transport: ProviderTransport = .init(),
        clock: any TimeSource = SystemTime()
    ) throws {
        let account: ServiceAccount
        do {
            account = try JSONDecoder().decode(ServiceAccount.self, from: serviceAccountJSON)
        } catch {
            throw ProviderError.malformedResponse("not a service-account key file (needs client_email and private_key): \(error)")
        }
        self.account = account
        self.key = try _RSA.Signing.PrivateKey(pemRepresentation: account.privateKey)
        self.scope = scope
        self.tokenURL = tokenURL ?? account.tokenURI ?? "https://oauth2.googleapis.com/token"
        self.transport = transport
        self.clock = clock
    }

    /// A valid access token, exchanged anew when the cached one is within five minutes of expiring.
    public func token() async throws -> String {
        let now = clock.now()
        if let cached, cached.expires.timeIntervalSince(now) > Self.refreshMargin { return cached.token }
        if let inFlight { return try await inFlight.value.0 }
        let exchange = Task { try await self.exchange(now: now) }
        inFlight = exchange
        defer { inFlight = nil }
        let (token, expires) = try await exchange.value
        cached = (token, expires)
        return token
    }

    /// The signed assertion for `now`.
    func assertion(now: Date) throws -> String {
        var header: [String: Any] = ["alg": "RS256", "typ": "JWT"]
        if let id = account.privateKeyID { header["kid"] = id }
        let iat = Int(now.timeIntervalSince1970)
        let claims: [String: Any] = ["iss": account.clientEmail, "scope": scope, "aud": tokenURL, "iat": iat, "exp": iat + 3600]
        let signingInput =
            try JSONSerialization.data(withJSONObject: header, options: [.sortedKeys]).base64URLEncoded()
            + "." + JSONSerialization.data(withJSONObject: claims, options: [.sortedKeys]).base64URLEncoded()
        let signature = try key.signature(for: Data(signingInput.utf8), padding: .insecurePKCS1v1_5)
        return signingInput + "." + signature.rawRepresentation.base64URLEncoded()
    }

    private func exchange(now: Date) async throws -> (String, Date) {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let grant = "urn:ietf:params:oauth:grant-type:jwt-bearer".addingPercentEncoding(withAllowedCharacters: allowed)!
        let body = "grant_type=\(grant)&assertion=\(try assertion(now: now))"
        let data = try await transport.post(tokenURL, headers: [], body: Data(body.utf8), contentType: "application/x-www-form-urlencoded")
        struct Answer: Decodable {
            let access_token: String
            let expires_in: Double?
        }
        guard let answer = try? JSONDecoder().decode(Answer.self, from: data), !answer.access_token.isEmpty else {
            throw ProviderError.malformedResponse("unexpected token response: \(String(decoding: data.prefix(200), as: UTF8.self))")
        }
        return (answer.access_token, now.addingTimeInterval(answer.expires_in ?? 3600))
    }
}

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
    let tokens: CachedAccessToken

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
        let key = try _RSA.Signing.PrivateKey(pemRepresentation: account.privateKey)
        let tokenURL = tokenURL ?? account.tokenURI ?? "https://oauth2.googleapis.com/token"
        self.account = account
        self.key = key
        self.scope = scope
        self.tokenURL = tokenURL
        self.transport = transport
        tokens = CachedAccessToken(refreshMargin: Self.refreshMargin, clock: clock) { now in
            try await Self.exchange(
                assertion: try Self.assertion(account: account, key: key, scope: scope, tokenURL: tokenURL, now: now), tokenURL: tokenURL, transport: transport,
                now: now)
        }
    }

    /// A valid access token, exchanged anew when the cached one is within five minutes of expiring.
    public func token() async throws -> String { try await tokens.token() }

    /// The signed assertion for `now`.
    func assertion(now: Date) throws -> String {
        try Self.assertion(account: account, key: key, scope: scope, tokenURL: tokenURL, now: now)
    }

    static func assertion(account: ServiceAccount, key: _RSA.Signing.PrivateKey, scope: String, tokenURL: String, now: Date) throws -> String {
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

    private static func exchange(assertion: String, tokenURL: String, transport: ProviderTransport, now: Date) async throws -> (token: String, expires: Date) {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let grant = "urn:ietf:params:oauth:grant-type:jwt-bearer".addingPercentEncoding(withAllowedCharacters: allowed)!
        let body = "grant_type=\(grant)&assertion=\(assertion)"
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

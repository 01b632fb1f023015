import AsyncHTTPClient
import Crypto
import Foundation
import JWTKit
import Logging
import NIOCore
import PlatformCore

/// Claims we read from Apple and Google ID tokens. `email_verified` arrives as a bool from Google
/// and as a string from Apple.
struct IDTokenClaims: JWTPayload {
    var iss: String
    var sub: String
    var aud: AudienceClaim
    var exp: Date
    var iat: Date?
    var email: String?
    var nonce: String?

    enum CodingKeys: String, CodingKey { case iss, sub, aud, exp, iat, email, nonce }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        iss = try container.decode(String.self, forKey: .iss)
        sub = try container.decode(String.self, forKey: .sub)
        aud = try container.decode(AudienceClaim.self, forKey: .aud)
        exp = Date(timeIntervalSince1970: try container.decode(Double.self, forKey: .exp))
        iat = try container.decodeIfPresent(Double.self, forKey: .iat).map(Date.init(timeIntervalSince1970:))
        email = try container.decodeIfPresent(String.self, forKey: .email)
        nonce = try container.decodeIfPresent(String.self, forKey: .nonce)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(iss, forKey: .iss)
        try container.encode(sub, forKey: .sub)
        try container.encode(aud, forKey: .aud)
        try container.encode(exp.timeIntervalSince1970, forKey: .exp)
    }

    func verify(using algorithm: some JWTAlgorithm) async throws {}
}

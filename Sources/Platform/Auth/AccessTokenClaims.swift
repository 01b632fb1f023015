import Crypto
import Foundation
import JWTKit
import PlatformCore

/// Claims of our own access tokens: who (`sub`), for which app (`aud`), from which sign-in session
/// (`sid`), until when (`exp`), and when the user last really signed in (`auth_time`, as in OpenID
/// Connect: the session's sign-in, which a refresh does not renew — `iat` does).
struct AccessTokenClaims: JWTPayload {
    var iss: IssuerClaim
    var sub: SubjectClaim
    var aud: AudienceClaim
    var iat: IssuedAtClaim
    var exp: ExpirationClaim
    var sid: String
    var typ: String
    /// Seconds since 1970 of the sign-in that started the session; absent in tokens minted before
    /// the claim existed (they never count as a fresh sign-in).
    var auth_time: Int?

    /// Signature checks happen in jwt-kit; time and audience checks happen in ``TokenService`` with
    /// the injected clock.
    func verify(using algorithm: some JWTAlgorithm) async throws {}
}

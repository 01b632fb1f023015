import Foundation
import JWTKit
import PlatformCore
import X509

/// Checks App Store JWS (StoreKit 2 transactions, renewal infos, server notifications): ES256
/// signed by the leaf of its `x5c` chain, the chain Apple's App Store one (``AppStoreSigningChain``)
/// and leading to the configured root at the given instant (the server's clock). Refusals say why,
/// for the 422 naming the field.
public struct AppStoreSignatureVerifier: Sendable {
    /// Nil when the root is not a PEM certificate (the settings refuse such a root at start).
    let verifier: X5CVerifier?
    let chain: AppStoreSigningChain?

    public init(rootCertificatePEM: String) {
        verifier = try? X5CVerifier(rootCertificates: [rootCertificatePEM])
        chain = (try? Certificate(pemEncoded: rootCertificatePEM)).map(AppStoreSigningChain.init(root:))
    }

    /// Whether the root certificate was readable.
    public var hasRoot: Bool { verifier != nil && chain != nil }

    /// The verified payload, or ``SignedDataRejected`` with the reason.
    func verify<Payload: JWTPayload>(_ jws: String, as _: Payload.Type, at now: Date) async throws -> Payload {
        // Apple signs with ES256 only; another `alg` is refused before any certificate is parsed.
        let header = Self.header(of: jws)
        guard header?["alg"] as? String == "ES256" else { throw SignedDataRejected("is not an ES256 JWS") }
        guard let verifier, let chain else { throw SignedDataRejected("cannot be checked: no App Store root certificate is configured") }
        guard let x5c = header?["x5c"], (x5c as? [Any])?.isEmpty == false else { throw SignedDataRejected("carries no x5c certificate chain") }
        guard let certificates = x5c as? [String] else { throw SignedDataRejected("carries an x5c that is not a list of certificates") }
        try chain.check(certificates)
        do {
            return try await verifier.verifyJWS(jws, as: Payload.self, validationTime: .fixed(now))
        } catch let error as JWTError {
            switch error.errorType {
            case .missingX5CHeader: throw SignedDataRejected("carries no x5c certificate chain")
            case .invalidX5CChain: throw SignedDataRejected("its certificate chain does not lead to the App Store root")
            case .signatureVerificationFailed: throw SignedDataRejected("its signature does not match its certificate")
            default: throw SignedDataRejected("is not a well-formed App Store JWS")
            }
        } catch {
            throw SignedDataRejected("is not a well-formed App Store JWS")
        }
    }

    /// The JOSE header, nil when it is not base64url JSON.
    static func header(of jws: String) -> [String: Any]? {
        guard let header = jws.split(separator: ".", omittingEmptySubsequences: false).first, let data = Data(base64URLEncoded: header) else { return nil }
        return try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    }
}

import Foundation
import JWTKit
import PlatformCore

/// Checks App Store JWS (StoreKit 2 transactions, renewal infos, server notifications): ES256
/// signed by the leaf of its `x5c` chain, the chain leading to the configured root at the given
/// instant (the server's clock). Refusals say why, for the 422 naming the field.
public struct AppStoreSignatureVerifier: Sendable {
    /// Nil when the root is not a PEM certificate (the settings refuse such a root at start).
    let verifier: X5CVerifier?

    public init(rootCertificatePEM: String) {
        verifier = try? X5CVerifier(rootCertificates: [rootCertificatePEM])
    }

    /// Whether the root certificate was readable.
    public var hasRoot: Bool { verifier != nil }

    /// The verified payload, or ``SignedDataRejected`` with the reason.
    func verify<Payload: JWTPayload>(_ jws: String, as _: Payload.Type, at now: Date) async throws -> Payload {
        // Apple signs with ES256 only; another `alg` is refused before any certificate is parsed.
        guard Self.algorithm(of: jws) == "ES256" else { throw SignedDataRejected("is not an ES256 JWS") }
        guard let verifier else { throw SignedDataRejected("cannot be checked: no App Store root certificate is configured") }
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

    /// The header's `alg`, nil when the header is not base64url JSON.
    static func algorithm(of jws: String) -> String? {
        guard let header = jws.split(separator: ".", omittingEmptySubsequences: false).first, let data = Data(base64URLEncoded: header),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return nil }
        return object["alg"] as? String
    }
}

/// A signed App Store payload that is not acceptable; `reason` completes "signed_transaction …".
struct SignedDataRejected: Error, Equatable {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}

import Foundation
import X509

/// Apple's own rule for App Store signed data, on top of RFC 5280: the `x5c` chain is exactly
/// leaf, intermediate and root; the leaf carries the App Store signing marker, the intermediate
/// Apple's App Store intermediate marker; the intermediate issued the leaf and the configured root
/// issued the intermediate. Path rules alone would let any certificate under Apple Root CA - G3
/// (Apple Pay, …) sign a "transaction" or a notification.
struct AppStoreSigningChain: Sendable {
    /// Extension OID (dotted) on the certificates that sign App Store data.
    static let leafMarker = "1.2.840.113635.100.6.11.1"
    /// Extension OID (dotted) on Apple's intermediate that issues them.
    static let intermediateMarker = "1.2.840.113635.100.6.2.1"
    static let length = 3

    let root: Certificate

    /// Refuses an `x5c` (base64 DER, leaf first) that breaks the rule with ``SignedDataRejected``.
    func check(_ x5c: [String]) throws {
        let refusal = "is not signed by the App Store: "
        guard x5c.count == Self.length else {
            throw SignedDataRejected(refusal + "its x5c chain has \(x5c.count) certificates, not \(Self.length) (leaf, intermediate, root)")
        }
        guard let leaf = Self.certificate(x5c[0]), let intermediate = Self.certificate(x5c[1]) else {
            throw SignedDataRejected("carries an x5c certificate that is not base64 DER")
        }
        guard Self.carries(Self.leafMarker, leaf) else {
            throw SignedDataRejected(refusal + "its signing certificate lacks the App Store marker \(Self.leafMarker)")
        }
        guard Self.carries(Self.intermediateMarker, intermediate) else {
            throw SignedDataRejected(refusal + "its intermediate certificate lacks the App Store marker \(Self.intermediateMarker)")
        }
        guard intermediate.publicKey.isValidSignature(leaf.signature, for: leaf) else {
            throw SignedDataRejected(refusal + "its signing certificate was not issued by its intermediate")
        }
        guard root.publicKey.isValidSignature(intermediate.signature, for: intermediate) else {
            throw SignedDataRejected("its certificate chain does not lead to the App Store root")
        }
    }

    static func certificate(_ base64: String) -> Certificate? {
        guard let der = Data(base64Encoded: base64) else { return nil }
        return try? Certificate(derEncoded: [UInt8](der))
    }

    static func carries(_ oid: String, _ certificate: Certificate) -> Bool {
        certificate.extensions.contains { "\($0.oid)" == oid }
    }
}

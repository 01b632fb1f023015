import Crypto
import FareLensAPI
import Foundation
import Hummingbird
import PlatformAPI
import PlatformCore

/// Checks a commission notification's `X-Travelpayouts-Signature`: the lower- or upper-case hex
/// HMAC-SHA256 of the raw body under the shared secret, optionally written `sha256=<hex>`.
public struct TravelpayoutsSignature: Sendable {
    static let header = "X-Travelpayouts-Signature"
    let secret: String

    func isValid(_ signature: String?, body: Data) -> Bool {
        guard var text = signature?.trimmingCharacters(in: .whitespaces) else { return false }
        if text.lowercased().hasPrefix("sha256=") { text = String(text.dropFirst(7)) }
        guard let mac = Self.bytes(hex: text) else { return false }
        return HMAC<SHA256>.isValidAuthenticationCode(mac, authenticating: body, using: SymmetricKey(data: Data(secret.utf8)))
    }

    /// The signature of `body` (tests and local tools).
    public static func sign(_ body: Data, secret: String) -> String {
        HMAC<SHA256>.authenticationCode(for: body, using: SymmetricKey(data: Data(secret.utf8))).map { String(format: "%02x", $0) }.joined()
    }

    static func bytes(hex: String) -> Data? {
        let digits = Array(hex.utf8)
        guard digits.count == 64 else { return nil }
        var data = Data(capacity: 32)
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let byte = UInt8(String(decoding: digits[index...index + 1], as: UTF8.self), radix: 16) else { return nil }
            data.append(byte)
        }
        return data
    }
}

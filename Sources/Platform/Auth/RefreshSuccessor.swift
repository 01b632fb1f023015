import Crypto
import Foundation
import PlatformCore

/// The pair a refresh answered, kept with the refresh token it replaced for the reuse grace window,
/// so the same token presented again moments later (two tabs refreshing at once) is answered the
/// same pair instead of revoking the session.
///
/// The new refresh token must not lie at rest in plain text: the pair is sealed with AES-GCM under
/// a key derived (HKDF-SHA256) from the *presented* refresh token, which the database never holds
/// (it stores the token's SHA-256). Only a holder of the old token can open it; the repository
/// answers it only within the window, and forgets it after.
enum RefreshSuccessor {
    /// HKDF's `info`: keys derived for this purpose are of no use for any other.
    static let purpose = Data("personal-apps refresh successor v1".utf8)

    static func key(for refreshToken: String) -> SymmetricKey {
        HKDF<SHA256>.deriveKey(inputKeyMaterial: SymmetricKey(data: Data(refreshToken.utf8)), info: purpose, outputByteCount: 32)
    }

    /// `pair` sealed under `refreshToken` (base64 of nonce, ciphertext and tag).
    static func seal(_ pair: TokenPair, under refreshToken: String) throws -> String {
        let box = try AES.GCM.seal(try JSONEncoder().encode(pair), using: key(for: refreshToken))
        // `combined` is nil only for nonces of another size than the default 12 bytes.
        guard let combined = box.combined else { throw CryptoKitError.incorrectParameterSize }
        return combined.base64EncodedString()
    }

    /// The pair sealed under `refreshToken`, or nil when `sealed` was not sealed under that token
    /// (or is damaged).
    static func open(_ sealed: String, with refreshToken: String) -> TokenPair? {
        guard let data = Data(base64Encoded: sealed), let box = try? AES.GCM.SealedBox(combined: data),
            let plain = try? AES.GCM.open(box, using: key(for: refreshToken))
        else { return nil }
        return try? JSONDecoder().decode(TokenPair.self, from: plain)
    }
}

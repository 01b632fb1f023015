import Crypto
import CryptoExtras
import Foundation
import NIOPosix
import PlatformCore

/// A password as stored: scrypt's output with the salt and the cost parameters it was made with.
/// The parameters travel with every hash, so the default cost can rise without invalidating older
/// passwords (they are re-hashed at the next successful sign-in).
public struct PasswordHash: Sendable, Equatable {
    /// The key derivation function; `scrypt` is the only one.
    public var kdf: String
    public var parameters: PasswordHasher.Parameters
    /// 16 random bytes.
    public var salt: [UInt8]
    /// scrypt's 32-byte output.
    public var key: [UInt8]

    public init(kdf: String = PasswordHasher.kdf, parameters: PasswordHasher.Parameters, salt: [UInt8], key: [UInt8]) {
        self.kdf = kdf
        self.parameters = parameters
        self.salt = salt
        self.key = key
    }
}

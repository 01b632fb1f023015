import Crypto
import CryptoExtras
import Foundation
import NIOPosix
import PlatformCore

/// Hashes and checks passwords with scrypt (RFC 7914, memory-hard: 128·N·r bytes per hash, 16 MiB at
/// the defaults), a fresh 16-byte salt per hash, and a constant-time comparison of the outputs.
///
/// The work runs on NIO's blocking thread pool (one thread per core), never on the cooperative
/// executor that serves requests, which also bounds the memory many simultaneous hashes can take.
/// Before hashing, a password is put in Unicode normalisation form KC (NIST SP 800-63B 5.1.1.2), so
/// the same password typed on two keyboards that compose characters differently still matches.
public struct PasswordHasher: Sendable {
    /// The name stored in the `kdf` column.
    public static let kdf = "scrypt"
    /// Bytes of salt per hash.
    public static let saltLength = 16
    /// Bytes of scrypt output kept.
    public static let keyLength = 32

    /// scrypt's cost: `n` (CPU and memory, a power of two), `r` (block size) and `p` (parallelism).
    public struct Parameters: Sendable, Equatable, CustomStringConvertible {
        public var n: Int
        public var r: Int
        public var p: Int

        public init(n: Int, r: Int, p: Int) {
            self.n = n
            self.r = r
            self.p = p
        }

        /// N = 2^14, r = 8, p = 1: the interactive-login cost RFC 7914 and OWASP name (16 MiB, tens of
        /// milliseconds on a server core).
        public static let standard = Parameters(n: 1 << 14, r: 8, p: 1)

        /// The most memory a stored row may make one check use (a corrupt or hostile row must not
        /// make the server allocate gigabytes).
        public static let maxMemoryBytes = 256 << 20

        /// Whether the parameters are ones scrypt accepts and this server is willing to run.
        public var isUsable: Bool {
            guard n > 1, n & (n - 1) == 0, r >= 1, p >= 1, r <= 64, p <= 16 else { return false }
            let (memory, overflow) = (128 * r).multipliedReportingOverflow(by: n)
            return !overflow && memory * p <= Self.maxMemoryBytes
        }

        /// True when hashes made with `self` are cheaper to attack than with `other`.
        public func isWeaker(than other: Parameters) -> Bool {
            n * r * p < other.n * other.r * other.p
        }

        public var description: String { "scrypt(N=\(n), r=\(r), p=\(p))" }
    }

    /// Why a password could not be hashed.
    public enum Failure: Error, Equatable {
        /// Empty passwords are refused before they get here.
        case emptyPassword
        /// The parameters are not ones scrypt accepts (see ``Parameters/isUsable``).
        case unusableParameters
        /// BoringSSL refused to derive the key.
        case derivationFailed
    }

    /// The cost new hashes are made with.
    public let parameters: Parameters
    /// The salt of the work done for an unknown email, so its timing matches a real check.
    private let decoySalt: [UInt8]

    /// Told the cost of every key derivation this hasher runs (tests count the work a sign-in does,
    /// instead of timing it).
    let onDerive: (@Sendable (Parameters) -> Void)?

    /// - Parameter parameters: the cost of new hashes (``Parameters/standard`` unless a test makes
    ///   them cheaper).
    public init(parameters: Parameters = .standard, onDerive: (@Sendable (Parameters) -> Void)? = nil) {
        self.parameters = parameters
        self.onDerive = onDerive
        decoySalt = Self.randomSalt()
    }

    /// A new hash of `password` with a fresh salt at this hasher's cost.
    public func hash(_ password: String) async throws -> PasswordHash {
        let salt = Self.randomSalt()
        let key = try await derive(password, salt: salt, parameters: parameters)
        return PasswordHash(parameters: parameters, salt: salt, key: key)
    }

    /// Whether `password` is the one `stored` was made from (false, never an error, for a row whose
    /// KDF or parameters this server cannot use).
    public func verify(_ password: String, against stored: PasswordHash) async -> Bool {
        guard stored.kdf == Self.kdf, stored.parameters.isUsable,
            let key = try? await derive(password, salt: stored.salt, parameters: stored.parameters)
        else { return false }
        return ConstantTime.equals(key, stored.key)
    }

    /// Does the work of a check and throws it away: what a sign-in with an unknown email costs, so
    /// the answer's timing does not tell which emails have accounts.
    public func decoy(_ password: String) async {
        _ = try? await derive(password.isEmpty ? " " : password, salt: decoySalt, parameters: parameters)
    }

    /// True when `stored` should be replaced by a hash at this hasher's cost.
    public func needsRehash(_ stored: PasswordHash) -> Bool {
        stored.kdf != Self.kdf || stored.parameters.isWeaker(than: parameters)
    }

    func derive(_ password: String, salt: [UInt8], parameters: Parameters) async throws -> [UInt8] {
        let bytes = Array(password.precomposedStringWithCompatibilityMapping.utf8)
        guard !bytes.isEmpty else { throw Failure.emptyPassword }
        guard parameters.isUsable else { throw Failure.unusableParameters }
        onDerive?(parameters)
        return try await NIOThreadPool.singleton.runIfActive {
            try Self.scrypt(bytes, salt: salt, parameters: parameters)
        }
    }

    /// scrypt itself, on the calling thread.
    static func scrypt(_ password: [UInt8], salt: [UInt8], parameters: Parameters) throws -> [UInt8] {
        do {
            let key = try KDF.Scrypt.deriveKey(
                from: password, salt: salt, outputByteCount: keyLength, rounds: parameters.n, blockSize: parameters.r, parallelism: parameters.p)
            return key.withUnsafeBytes { Array($0) }
        } catch {
            throw Failure.derivationFailed
        }
    }

    static func randomSalt() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<saltLength).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }
}

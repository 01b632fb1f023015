/// FNV-1a, 64-bit: a fast hash that is the same in every process and release (unlike Swift's
/// `Hasher`, randomised per process). Exists so what must stay stable across runs — the offline
/// embedder's feature buckets, experiment arms, the offline fare model's seeds — hashes one way.
public enum FNV1a {
    /// The 64-bit offset basis: the hash of nothing.
    public static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325

    /// The hash of `bytes`, continuing from `hash` (a value hashed in pieces hashes as if joined).
    @inline(__always)
    public static func hash(_ bytes: some Sequence<UInt8>, continuing hash: UInt64 = offsetBasis) -> UInt64 {
        var hash = hash
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// The hash of `text`'s UTF-8 bytes.
    public static func hash(_ text: String) -> UInt64 { hash(text.utf8) }
}

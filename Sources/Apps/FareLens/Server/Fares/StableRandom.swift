import PlatformAPI

/// A seeded, platform-independent source of pseudo-random numbers: FNV-1a over the seed's text,
/// then SplitMix64. Unlike Swift's `Hasher` (randomised per process), the same text gives the same
/// numbers in every process and release, which is what makes offline fares deterministic.
struct StableRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed text: String) {
        state = FNV1a.hash(text)
    }

    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    /// A number in `range` (uniform).
    mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * Double(next() >> 11) / Double(1 << 53)
    }

    /// An integer in `range` (uniform).
    mutating func integer(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
}

/// Comparisons of secrets (password hashes, configured bearer tokens) whose duration says nothing
/// about where two values first differ, so a client cannot learn a secret byte by byte from timing.
public enum ConstantTime {
    /// True when `a` and `b` hold the same bytes. Every byte of the longer one is looked at whatever
    /// the first difference, and a difference in length counts like a difference in content.
    public static func equals(_ a: some Collection<UInt8>, _ b: some Collection<UInt8>) -> Bool {
        let left = Array(a), right = Array(b)
        var difference = UInt(bitPattern: left.count ^ right.count)
        for index in 0..<max(left.count, right.count) {
            let x = index < left.count ? left[index] : 0
            let y = index < right.count ? right[index] : 0
            difference |= UInt(x ^ y)
        }
        return difference == 0
    }
}

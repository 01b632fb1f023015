import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An upload's percentage on standard error (when it is a terminal), from the SDK's progress
/// callback. Callbacks may come from any thread and out of order: the figure only moves forward.
public final class UploadProgress: @unchecked Sendable {
    // @unchecked Sendable: `shown` is only read or written while holding `lock`.
    private let lock = NSLock()
    private var shown = -1
    public let label: String
    let enabled: Bool

    public init(_ label: String) {
        self.label = label
        self.enabled = isatty(2) == 1
    }

    /// The callback to hand the SDK (nil when nothing would be shown).
    public var callback: (@Sendable (Double) -> Void)? {
        guard enabled else { return nil }
        return { [self] share in self.report(share) }
    }

    public func report(_ share: Double) {
        let percent = Int((min(1, max(0, share)) * 100).rounded(.down))
        let advanced = lock.withLock {
            guard percent > shown else { return false }
            shown = percent
            return true
        }
        if advanced { FileHandle.standardError.write(Data("\r\(label)… \(percent)%".utf8)) }
    }

    /// Clears the progress line.
    public func finish() {
        guard enabled, lock.withLock({ shown >= 0 }) else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
    }
}

import PlatformCore
import Synchronization

/// A batch was answered with a different number of results than it had requests: a defect in the
/// batch's `execute`, reported to every request of the batch rather than trusted.
public struct CoalescerMismatch: Error, CustomStringConvertible {
    public let requests: Int
    public let results: Int
    public var description: String { "a batch of \(requests) requests was answered with \(results) results" }
}

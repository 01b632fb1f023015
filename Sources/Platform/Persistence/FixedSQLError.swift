import Foundation
import SQLKit
import Synchronization

/// A ``FixedSQL`` statement run with a different number of values than it has places for: a
/// programming error, reported rather than run.
public enum FixedSQLError: Error, CustomStringConvertible {
    case valueCount(expected: Int, given: Int)

    public var description: String {
        switch self {
        case .valueCount(let expected, let given): "the statement takes \(expected) values, \(given) given"
        }
    }
}

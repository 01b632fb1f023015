import Foundation
import Logging
import NIOCore
import PostgresKit
import PostgresNIO
import SQLKit
import Synchronization

/// Set when a prepared statement failed on the operation's connection; the store then closes the
/// connection instead of returning it to the pool.
final class PreparedStatementTaint: Sendable {
    private let flag = Atomic<Bool>(false)

    init() {}

    func set() { flag.store(true, ordering: .relaxed) }
    var isTainted: Bool { flag.load(ordering: .relaxed) }
}

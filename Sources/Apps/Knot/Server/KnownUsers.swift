import AIProviders
import Foundation
import Logging
import Persistence
import PlatformCore
import SQLKit
import Synchronization

/// A bounded set of users known to have something (for ``HintRepository``, a vault), shared by
/// the copies of a repository. Full, it starts over empty: forgetting costs only a read.
final class KnownUsers: Sendable {
    private let users: Mutex<Set<UUID>>
    private let capacity: Int

    init(capacity: Int) {
        self.users = Mutex([])
        self.capacity = capacity
    }

    func contains(_ user: UserID) -> Bool {
        users.withLock { $0.contains(user.uuid) }
    }

    func insert(_ user: UserID) {
        users.withLock {
            guard !$0.contains(user.uuid) else { return }
            if $0.count >= capacity { $0.removeAll(keepingCapacity: true) }
            $0.insert(user.uuid)
        }
    }

    func remove(_ user: UserID) {
        _ = users.withLock { $0.remove(user.uuid) }
    }
}

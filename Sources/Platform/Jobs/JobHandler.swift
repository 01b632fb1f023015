import Foundation
import Logging
import Observability
import Persistence
import PlatformCore
import ServiceLifecycle

/// Runs one kind of job. Handlers must be idempotent: execution is at least once, so a handler may
/// see the same job again after a crash, and must make its effects happen once (idempotency keys,
/// status checks in the same transaction as the effect).
public protocol JobHandler: Sendable {
    func handle(_ job: ClaimedJob) async throws -> JobOutcome
}

import Foundation
import Logging
import Observability
import Persistence
import PlatformCore
import ServiceLifecycle

/// A handler made from a closure.
public struct ClosureJobHandler: JobHandler {
    let body: @Sendable (ClaimedJob) async throws -> JobOutcome
    public init(_ body: @escaping @Sendable (ClaimedJob) async throws -> JobOutcome) { self.body = body }
    public func handle(_ job: ClaimedJob) async throws -> JobOutcome { try await body(job) }
}

import Foundation
import Logging
import PlatformCore
import SQLKit
import ServiceLifecycle

/// Keeps this instance's ``InstancePresence`` row fresh while the server runs: it heartbeats once the
/// tables exist and then every `interval`, and removes the row on graceful shutdown (after which the
/// instance's remaining claims are released by their owners or judged by their own timeouts).
public final class InstancePresenceService: Service, Sendable {
    public let presence: InstancePresence
    let interval: Duration
    let startGate: ReadinessGate?
    let logger: Logger

    public init(presence: InstancePresence, interval: Duration = InstancePresence.defaultHeartbeatInterval, startAfter startGate: ReadinessGate? = nil, logger: Logger) {
        self.presence = presence
        self.interval = interval
        self.startGate = startGate
        self.logger = logger
    }

    public func run() async throws {
        if let startGate, await !startGate.openedBeforeShutdown() { return }
        var beats = 0
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            do {
                try await presence.heartbeat()
                // Now and then, forget instances gone for a day (their claims were long since taken over).
                if beats % 720 == 0 { try await presence.forget(olderThan: 86400) }
            } catch {
                logger.warning("could not record this instance's heartbeat", metadata: ["instance": "\(presence.id)", "error": "\(error)"])
            }
            beats += 1
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: self.interval) }
        }
        // Remove the row even when cancelled (the bound ended): a detached task is not cancelled.
        let presence = presence
        let logger = logger
        await Task.detached {
            do { try await presence.remove() } catch {
                logger.warning("could not remove this instance's presence row", metadata: ["instance": "\(presence.id)", "error": "\(error)"])
            }
        }.value
    }
}

import Foundation
import Persistence
import PlatformCore
import SQLKit

/// Work to be done later: what kind (which handler), its JSON payload, when, how important, and an
/// optional idempotency key that makes enqueueing the same work twice a no-op.
public struct NewJob: Sendable, Equatable {
    public var kind: String
    public var payload: String
    public var runAt: Date
    public var priority: Int
    public var idempotencyKey: String?
    public var maxAttempts: Int

    public init(kind: String, payload: String = "{}", runAt: Date, priority: Int = 0, idempotencyKey: String? = nil, maxAttempts: Int = 5) {
        self.kind = kind
        self.payload = payload
        self.runAt = runAt
        self.priority = priority
        self.idempotencyKey = idempotencyKey
        self.maxAttempts = max(1, maxAttempts)
    }

    /// A job whose payload is `value` encoded as JSON.
    public init<Payload: Encodable>(kind: String, payload value: Payload, runAt: Date, priority: Int = 0, idempotencyKey: String? = nil, maxAttempts: Int = 5) throws {
        let data = try JSONEncoder.api.encode(value)
        self.init(kind: kind, payload: String(decoding: data, as: UTF8.self), runAt: runAt, priority: priority, idempotencyKey: idempotencyKey, maxAttempts: maxAttempts)
    }
}

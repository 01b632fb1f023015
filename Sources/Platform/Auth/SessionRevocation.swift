import Foundation
import Persistence
import PlatformCore
import SQLKit

/// A revocation as the other server instances hear of it: one session (`s:<uuid>`) or every session
/// of a user (`u:<uuid>`), sent on ``channel`` inside the revoking transaction, so it is delivered
/// exactly when the revocation commits. Why it exists: each instance caches live sessions
/// (``LiveSessionCache``), and one instance's sign-out must reach the others' caches.
public enum SessionRevocation: Sendable, Equatable {
    case session(UUID)
    case user(UserID)

    /// The notification channel of session revocations.
    public static let channel = "auth_sessions"

    public var payload: String {
        switch self {
        case .session(let id): "s:\(id.uuidString)"
        case .user(let id): "u:\(id.uuid.uuidString)"
        }
    }

    /// The revocation a payload names, or nil for anything else.
    public init?(payload: String) {
        guard payload.count > 2, let id = UUID(parsing: String(payload.dropFirst(2))) else { return nil }
        switch payload.prefix(2) {
        case "s:": self = .session(id)
        case "u:": self = .user(UserID(id))
        default: return nil
        }
    }

    /// Tells the other instances, on `db`'s transaction (delivered on commit).
    func announce(on db: any SQLDatabase) async throws {
        try await db.notify(channel: Self.channel, payload: payload)
    }
}

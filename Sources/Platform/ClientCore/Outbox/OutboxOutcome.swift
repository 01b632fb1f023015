import Foundation
import PlatformAPI

/// What sending one queued operation came to.
public enum OutboxOutcome: Sendable, Equatable {
    /// The server took it; its answer (the entity, or nothing for a delete).
    case applied(HTTPResponseData)
    /// A delete (or another kind whose route says so) of something the server no longer has.
    case alreadyGone
    /// 412: changed on the server since.
    case conflict(OutboxConflict)
    /// Refused for good (4xx other than 401, 412 and 429): the app undoes the change.
    case refused(ClientError)
    /// Not now (offline, 5xx, 401, 429, the key still in use): keep it queued and stop.
    case interrupted(ClientError)

    /// Errors after which the same request may succeed later.
    public static func isInterruption(_ error: ClientError) -> Bool {
        switch error {
        case .offline, .rateLimited, .unauthorized, .reauthenticationRequired: true
        case .conflict(409, "idempotency_key_in_use", _): true
        // 501 (a feature this server lacks) and 505 will not change by waiting.
        case .server(let status, _, _): (status >= 500 && status != 501 && status != 505) || status == 0
        default: false
        }
    }

    /// The outcome an error means.
    public static func failed(_ error: any Error) -> OutboxOutcome {
        guard let error = error as? ClientError else { return .refused(.server(status: 0, code: nil, message: "\(error)")) }
        return isInterruption(error) ? .interrupted(error) : .refused(error)
    }
}

import ArgumentParser
import ClientCore
import Foundation
import PlatformAPI

/// Every exit status a CLI gives, in order: 1 for any other failure, each ``ClientError`` kind's
/// ``ClientError/exitCode`` (so the table and the statuses cannot drift apart), 12 for a refusal
/// (the server's 403), 64 for usage.
public enum ExitStatus {
    /// The status of a refusal: the server understood and will not (403 — a plan's limit, an
    /// action not allowed). Not a failure of the server, so not 1; 10 and 11 are taken by one app's own statuses.
    public static let refused: Int32 = 12
    /// The HTTP status that is a refusal.
    static let refusedHTTPStatus = 403

    /// The status a CLI exits with for `error`: ``refused`` for a 403, else ``ClientError/exitCode``.
    public static func code(for error: ClientError) -> Int32 {
        if case .server(refusedHTTPStatus, _, _) = error { return refused }
        return error.exitCode
    }

    /// One example of each kind of ``ClientError``, with what its status means to a user.
    static let kinds: [(error: ClientError, meaning: String)] = [
        (.offline(""), "server unreachable"), (.unauthorized(""), "not signed in"), (.validation(message: "", fields: []), "invalid input"),
        (.notFound(""), "not found"), (.rateLimited(retryAfter: nil), "rate limited"), (.reauthenticationRequired(""), "fresh sign-in needed"),
        (.conflict(status: 409, code: nil, message: ""), "conflict"), (.decoding(""), "other failure"), (.server(status: 500, code: nil, message: ""), "other failure"),
        (refusal(""), "refused"),
    ]

    /// `(code, meaning)` for every status but 0, ascending, each code once.
    public static var table: [(code: Int32, meaning: String)] {
        var rows: [(code: Int32, meaning: String)] = []
        for kind in kinds where !rows.contains(where: { $0.code == code(for: kind.error) }) { rows.append((code(for: kind.error), kind.meaning)) }
        rows.append((ExitCode.validationFailure.rawValue, "usage"))
        return rows.sorted { $0.code < $1.code }
    }
}

import ClientCore
import Foundation

/// What `login` (and `register`) print: where the session now is, as text or under `--json`.
public struct SignInReport: Encodable, Sendable {
    public var userId: String
    public var email: String?
    public var name: String?
    public var server: String?
    public var sessionFile: String

    public init(_ session: StoredSession, email: String? = nil, name: String? = nil, sessionFile: URL) {
        self.userId = session.userId
        self.email = email ?? session.email
        self.name = name
        self.server = session.serverUrl
        self.sessionFile = sessionFile.path
    }

    /// Prints the report: JSON (snake_case) under `--json`, else two lines naming the account (`as`)
    /// and the session file.
    public func print(json: Bool, server: URL, as account: String) throws {
        if json { return try printJSON(self, .snakeCase) }
        Swift.print("Signed in to \(server.absoluteString) as \(account) (user \(userId)).")
        Swift.print("Session saved to \(sessionFile).")
    }
}

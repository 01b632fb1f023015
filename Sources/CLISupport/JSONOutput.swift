import ClientCore
import Foundation

/// The two JSON shapes a CLI prints under `--json`.
public enum JSONStyle: Sendable {
    /// Exactly as the API writes it: the contract's own keys, `null` for empty fields, timestamps
    /// to the millisecond.
    case asServed
    /// Keys in snake_case and empty fields left out (``WireFormat/encoder(pretty:)``): the CLI's own
    /// reports, and some apps' `--json` throughout.
    case snakeCase
}

/// Prints `value` as pretty JSON (sorted keys, slashes unescaped) in `style`.
public func printJSON(_ value: some Encodable, _ style: JSONStyle = .asServed) throws {
    let encoder: JSONEncoder
    switch style {
    case .snakeCase:
        encoder = WireFormat.encoder(pretty: true)
    case .asServed:
        encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(WireFormat.formatDate(date))
        }
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    }
    print(String(decoding: try encoder.encode(value), as: UTF8.self))
}

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

import ArgumentParser
import ClientCore
import Foundation
import PlatformAPI

/// A failure the CLI explains in one sentence, with its exit status (1 unless said otherwise).
public struct CLIError: Error, CustomStringConvertible {
    public let description: String
    public let exitCode: Int32

    public init(_ description: String, exitCode: Int32 = 1) {
        self.description = description
        self.exitCode = exitCode
    }

    /// The exit status of "signed out": the one ``ClientError/exitCode`` gives a refused session.
    public static let signedOutExitCode = ClientError.unauthorized("").exitCode

    /// The one "not signed in" every app's CLI gives: how to sign in, with the signed-out exit status.
    public static func notSignedIn<App: CommandLineApp>(_ app: App.Type) -> CLIError {
        CLIError(
            "you are not signed in. Run `\(App.loginCommand(server: App.defaultServer, email: "you@example.com"))` first.", exitCode: signedOutExitCode)
    }
}

/// Prints to standard error.
public func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// `checked`'s value, or its problems thrown as the server's 422 would be (exit status 5, every
/// field named): a body the contract's own rules refuse is never sent (and a value JSON cannot
/// carry, such as NaN, never reaches the encoder).
public func requireValid<Value>(_ checked: Checked<Value>) throws -> Value {
    switch checked {
    case .valid(let value): return value
    case .invalid(let fields):
        throw ClientError.validation(message: fields.count == 1 ? "\(fields[0].field): \(fields[0].message)" : "The request has \(fields.count) invalid fields.", fields: fields)
    }
}

/// A value the server would refuse, caught before sending: exit status 5 like the server's 422,
/// naming the field as the server does.
public func invalidField(_ field: String, _ message: String) -> ClientError {
    .validation(message: "Invalid \(field).", fields: [FieldError(field: field, message: message)])
}

/// An action the server would refuse (403: a plan's limit, not allowed), caught before sending:
/// reported exactly as the server's refusal is ("refused: …", ``ExitStatus/refused``).
public func refusal(_ message: String, code: String? = nil) -> ClientError {
    .server(status: ExitStatus.refusedHTTPStatus, code: code, message: message)
}

extension CommandLineApp {
    /// Runs `body`, turning every failure into a readable message on standard error (prefixed with
    /// the command's name) and the exit status of its kind (``ClientError/exitCode``; a
    /// ``CLIError``'s own; 1 for anything else). ArgumentParser's own exits pass through.
    public static func reporting<T>(server: URL? = nil, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as ClientError {
            printError("\(command): " + explain(error, server: server))
            throw ExitCode(ExitStatus.code(for: error))
        } catch let error as CLIError {
            printError("\(command): \(error.description)")
            throw ExitCode(error.exitCode)
        } catch let error as ExitCode {
            throw error
        } catch let error as CleanExit {
            throw error
        } catch let error as ValidationError {
            throw error
        } catch {
            printError("\(command): \(error.localizedDescription)")
            throw ExitCode.failure
        }
    }

    /// The message for a failed request: which field was wrong, that the server is unreachable, or that
    /// the user is signed out and how to sign in again.
    public static func explain(_ error: ClientError, server: URL?) -> String {
        let place = server?.absoluteString ?? "the server"
        switch error {
        case .offline(let detail):
            return "cannot reach the \(displayName) server at \(place). Is it running? (\(detail))"
        case .unauthorized(let detail):
            return "you are signed out (\(detail)). Run `\(loginCommand(server: place, email: "…"))` to sign in again."
        case .reauthenticationRequired(let detail):
            return "the server wants a fresh sign-in first (\(detail))."
        case .validation(let message, let fields):
            guard !fields.isEmpty else { return "\(validationLead): \(message)" }
            return "\(validationLead):\n" + fields.map { "  • \($0.field): \($0.message)" }.joined(separator: "\n")
        case .notFound(let detail):
            return "not found: \(detail)"
        case .rateLimited(let retryAfter):
            return retryAfter.map { "too many requests; try again in \(Int($0.rounded(.up))) seconds." } ?? "too many requests; try again later."
        case .conflict(_, _, let message):
            return "conflict: \(message)"
        case .decoding(let message):
            return "the server's answer was unreadable (is the CLI older than the server?): \(message)"
        case .server(ExitStatus.refusedHTTPStatus, _, let message):
            return "refused: \(message)"
        case .server(let status, _, let message):
            return "the server failed (HTTP \(status)): \(message)"
        }
    }

    /// Reports a wrong argument found while running (after parsing) and returns exit status 64.
    public static func invalidUsage(_ message: String) -> ExitCode {
        printError("\(command): \(message)")
        return ExitCode.validationFailure
    }

    /// The exit-status table for a CLI's help: `0 done<doneNote>`, 1, every ``ClientError`` kind's
    /// status (from ``ExitStatus/code(for:)``), and 64 for usage.
    public static func exitStatusHelp(doneNote: String = "") -> String {
        "Exit status: 0 done\(doneNote), " + ExitStatus.table.map { "\($0.code) \($0.meaning)" }.joined(separator: ", ") + "."
    }
}

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

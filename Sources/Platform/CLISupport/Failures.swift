import ArgumentParser
import ClientCore
import Foundation
import PlatformAPI

extension CommandLineApp {
    /// Runs `body`, turning every failure into a readable message on standard error (prefixed with
    /// the command's name) and the exit status of its kind (``ClientError/exitCode``; a
    /// ``CLIError``'s own; 1 for anything else). ArgumentParser's own exits pass through. What
    /// ``SessionOptions``' `run` methods are built on: a command runs its body in one of those.
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

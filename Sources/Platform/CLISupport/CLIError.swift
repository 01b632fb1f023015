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

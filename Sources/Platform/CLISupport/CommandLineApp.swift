import ClientCore
import Foundation
import PlatformAPI

/// What the shared command-line support needs to know about one app's CLI, so that every app's
/// client finds its session, names its server and explains failures the same way: a CLI declares
/// one type conforming to this (`enum CLI: CommandLineApp`) and gets ``SessionOptions`` (its
/// `run` and `show`) and the rest for it.
public protocol CommandLineApp: Sendable {
    /// The app the CLI talks to; its raw value names the command (`myapp`), the session folder
    /// (`~/.config/myapp/`) and the environment variables (`MYAPP_SESSION_FILE`, `MYAPP_SERVER`).
    static var app: AppID { get }
    /// The app's name in sentences ("cannot reach the MyApp server…").
    static var displayName: String { get }
    /// The help of `--json`: what the JSON printed looks like.
    static var jsonHelp: String { get }
    /// Whether `login` needs `--email` (then the sign-in hints include it).
    static var loginNeedsEmail: Bool { get }
    /// How a 422 is introduced, the server's and ``requireValid(_:)``'s alike ("invalid request", or
    /// "the server rejected the request" for a CLI whose only checks are the contract's own).
    static var validationLead: String { get }
    /// How `--json` prints what the API answers (``SessionOptions/show(_:style:_:)``): as served (the
    /// default), or snake_case for an app whose server writes its contract with that encoder.
    static var jsonStyle: JSONStyle { get }
}

extension CommandLineApp {
    public static var validationLead: String { "invalid request" }

    public static var jsonStyle: JSONStyle { .asServed }

    /// The command's name (`myapp`), which prefixes every message it writes to standard error.
    public static var command: String { app.rawValue }

    /// The prefix of the CLI's environment variables (`MYAPP`).
    static var environmentPrefix: String { app.rawValue.uppercased().replacingOccurrences(of: "-", with: "_") }

    /// `$<APP>_SESSION_FILE`: a session file chosen in the environment.
    public static var sessionVariable: String { environmentPrefix + "_SESSION_FILE" }

    /// `$<APP>_SERVER`: a server chosen in the environment.
    public static var serverVariable: String { environmentPrefix + "_SERVER" }

    /// The server `login` uses when given none.
    public static var defaultServer: String { "http://127.0.0.1:8080" }

    /// The session file: `option` (`--session-file`), else `$<APP>_SESSION_FILE`, else
    /// `~/.config/<app>/session.json` (see ``FileTokenStore/defaultURL(folder:)``).
    public static func sessionURL(option: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let option { return URL(fileURLWithPath: option) }
        if let path = environment[sessionVariable], !path.isEmpty { return URL(fileURLWithPath: path) }
        return FileTokenStore.defaultURL(folder: app.rawValue)
    }

    /// The server of `--server` (`option`), else `$<APP>_SERVER`, else ``defaultServer``; a
    /// usage error (64) unless it is an http(s) URL with a host.
    public static func serverURL(_ option: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> URL {
        let address = option ?? environment[serverVariable] ?? defaultServer
        guard let url = URL(string: address), url.scheme == "http" || url.scheme == "https", url.host != nil else {
            throw invalidUsage("--server must be an http(s) URL such as \(defaultServer)")
        }
        return url
    }

    /// The `login` command to suggest: `myapp login --server URL` (with `--email …` when the CLI needs one).
    static func loginCommand(server: String, email: String) -> String {
        "\(command) login --server \(server)" + (loginNeedsEmail ? " --email \(email)" : "")
    }
}

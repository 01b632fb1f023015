import CLISupport
import Foundation
import KnotClient

/// The `knot` command as the shared CLI support sees it: Knot's session folder, variables
/// (`KNOT_SESSION_FILE`, `KNOT_SERVER`) and wording.
enum CLI: SDKCommandLineApp {
    static let app = AppID.knot
    static let displayName = "Knot"
    static let jsonHelp = "Print JSON (snake_case, as the API sends it) instead of text."
    static let loginNeedsEmail = false
    // A 422 reads as the server's: the one body Knot checks before sending (a hint, `requireValid`)
    // is checked by the contract's own rule, so it is told as the server would tell it.
    static let validationLead = "the server rejected the request"
    // Knot's API writes its contract with the snake_case encoder, so `--json` does too.
    static let jsonStyle = JSONStyle.snakeCase
    static let emailHelp = "Email to sign in as (default: $KNOT_EMAIL or <user>@knot.local)."

    static func defaultEmail(environment: [String: String]) -> String? {
        environment["KNOT_EMAIL"] ?? "\(environment["USER"] ?? "me")@knot.local"
    }

    /// Knot's SDK on `server` with its session in `store`.
    static func api(server: URL, store: FileTokenStore) -> KnotAPIClient {
        KnotAPIClient(baseURL: server, session: KnotSession(store: store), transport: CommandLineTransport.make())
    }
}

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
    // Knot checks no request fields itself: a 422 is always the server's.
    static let validationLead = "the server rejected the request"
    static let emailHelp = "Email to sign in as (default: $KNOT_EMAIL or <user>@knot.local)."

    static func defaultEmail(environment: [String: String]) -> String? {
        environment["KNOT_EMAIL"] ?? "\(environment["USER"] ?? "me")@knot.local"
    }

    /// Knot's SDK on `server` with its session in `store`.
    static func api(server: URL, store: FileTokenStore) -> KnotAPIClient {
        KnotAPIClient(baseURL: server, session: KnotSession(store: store), transport: CommandLineTransport.make())
    }
}

/// `--session-file` and `--json`, as every `knot` command takes them.
typealias SessionOptions = CLISupport.SessionOptions<CLI>

extension SessionOptions {
    /// Where the last three picks are remembered (for `knot refresh` and `knot feedback 1`).
    var lastBatchURL: URL { folder.appendingPathComponent("last-recommendations.json") }

    /// Where `knot saved` keeps recommendations: a folder next to the session file.
    var savedStore: FileSavedRecommendationStore {
        FileSavedRecommendationStore(directory: folder.appendingPathComponent("saved-recommendations"))
    }
}

import ArgumentParser
import CLISupport
import Foundation
import ZiaClient

/// The `zia` command as the shared CLI support sees it: its session folder, variables
/// (`ZIA_SESSION_FILE`, `ZIA_SERVER`) and wording.
enum CLI: SDKCommandLineApp {
    static let app = AppID.zia
    static let displayName = "Zia"
    static let jsonHelp = "Print JSON in the API's shape instead of text."
    static let loginNeedsEmail = true

    /// Zia's SDK on `server` with its session in `store`: what every command talks through.
    static func api(server: URL, store: FileTokenStore) -> ZiaAPIClient {
        ZiaAPIClient(baseURL: server, session: ClientSession(store: store), transport: CommandLineTransport.make())
    }
}

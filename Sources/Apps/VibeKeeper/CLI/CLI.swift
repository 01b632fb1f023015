import ArgumentParser
import CLISupport
import Foundation
import VibeKeeperClient

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `vibekeeper` command as the shared CLI support sees it: VibeKeeper's session folder,
/// variables (`VIBEKEEPER_SESSION_FILE`, `VIBEKEEPER_SERVER`) and wording.
enum CLI: CommandLineApp {
    static let app = AppID.vibekeeper
    static let displayName = "VibeKeeper"
    static let jsonHelp = "Print JSON in the API's shape instead of text."
    static let loginNeedsEmail = true
}

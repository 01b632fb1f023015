import ArgumentParser
import CLISupport
import Foundation
import VibeKeeperClient

/// What `delete --json` prints.
struct Deleted: Encodable {
    var deleted: String
}

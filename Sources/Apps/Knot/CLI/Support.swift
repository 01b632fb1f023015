import CLISupport
import Foundation
import KnotClient

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

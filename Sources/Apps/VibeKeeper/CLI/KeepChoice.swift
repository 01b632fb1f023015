import ArgumentParser
import CLISupport
import Foundation
import VibeKeeperClient

/// `--keep mine|server` of a `resolve` command: which version of an entity in conflict stays.
struct KeepChoice: ParsableArguments {
    @Option(help: "mine or server.") var keep: String

    func validate() throws {
        guard ["mine", "server"].contains(keep) else { throw ValidationError("--keep must be mine or server.") }
    }

    var keepingMine: Bool { keep == "mine" }

    /// What a resolve says once done.
    var settled: String { "Settled: kept \(keepingMine ? "your" : "the server's") version." }
}

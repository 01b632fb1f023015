import AppServer
import ArgumentParser
import Foundation
import Hummingbird
import Logging
import Observability

/// `server keys [--markdown]`: every configuration key the server reads, from their declarations
/// (docs/configuration.md's table is this command's Markdown output).
struct Keys: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List every configuration key (platform and hosted apps).")

    @Flag(name: .long, help: "Print the configuration table of docs/configuration.md.")
    var markdown = false

    func run() {
        if markdown {
            print(ServerConfiguration.markdownTable)
        } else {
            print(keyListing(indent: "  "))
        }
    }
}

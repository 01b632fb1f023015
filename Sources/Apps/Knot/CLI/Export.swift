import ArgumentParser
import CLISupport
import Foundation
import KnotClient

/// `knot export [--output FILE]`.
struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Download everything Knot keeps about you (JSON).")
    @Option(help: "Write to this file instead of standard output.") var output: String?
    @OptionGroup var options: SessionOptions

    func run() async throws {
        try await options.run { api in
            let data = try await withProgress("Exporting") { try await api.client.exportData() }
            if let output {
                try data.write(to: URL(fileURLWithPath: output))
                printError("Export written to \(output) (\(data.count) bytes).")
            } else {
                FileHandle.standardOutput.write(data)
                print("")
            }
        }
    }
}

import AppServer
import ArgumentParser
import Foundation
import Hummingbird
import Logging
import Observability

/// `server embed "text"`: prints the configured embedder's vector for a text, for operators checking
/// which model is live and what it produces.
struct Embed: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print the embedding of a text as JSON, with the model that made it.")

    @Argument(help: "The text to embed.")
    var text: String

    @Option(name: .long, help: "auto, minilm or hashing (EMBEDDER).")
    var embedder: String?

    @Option(name: .long, help: "Folder with model.safetensors and vocab.txt (MINILM_MODEL_DIR).")
    var modelDir: String?

    @Option(name: .long, help: "Path of the .env file to read.")
    var envFile: String = ".env"

    func run() async throws {
        var overrides: [String: String] = ["LOG_LEVEL": "warning"]
        overrides[ServerConfiguration.Key.embedder.name] = embedder
        overrides[ServerConfiguration.Key.miniLMDirectory.name] = modelDir
        let configuration = try await loadConfiguration(overrides: overrides, envFile: envFile)
        var logger = Logger(label: "embed")
        logger.logLevel = .warning
        let model = try await makeEmbedder(configuration, logger: logger)
        let vector = try await model.embed(text)
        struct Output: Encodable {
            let model: String
            let semantic: Bool
            let dimensions: Int
            let embedding: [Float]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        print(String(decoding: try encoder.encode(Output(model: model.model, semantic: model.isSemantic, dimensions: vector.count, embedding: vector)), as: UTF8.self))
    }
}

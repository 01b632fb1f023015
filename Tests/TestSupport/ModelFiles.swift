import AIProviders
import Foundation

/// Where tests find the MiniLM weights: `MINILM_MODEL_DIR`, or the folder `scripts/models`
/// installs them into. Missing weights fail the tests that need them, with instructions — never a
/// silent skip.
public enum ModelFiles {
    public static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    public static var directory: String {
        ProcessInfo.processInfo.environment["MINILM_MODEL_DIR"]
            ?? repositoryRoot.appendingPathComponent("models/python/\(MiniLMEmbedder.wheelModelSubpath)").path
    }

    public struct Missing: Error, CustomStringConvertible {
        public var description: String { "MiniLM weights not found at \(ModelFiles.directory). Run scripts/models (scripts/test does) or set MINILM_MODEL_DIR." }
    }

    /// The real model, loaded once per test process.
    public static func embedder() throws -> MiniLMEmbedder {
        guard MiniLMEmbedder.isInstalled(at: directory) else { throw Missing() }
        return try shared.get()
    }

    static let shared: Result<MiniLMEmbedder, any Error> = Result { try MiniLMEmbedder(directory: directory) }
}

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

    /// The real model, loaded once per test process, on a thread of its own: tests waiting for it
    /// wait without holding a cooperative thread (a synchronous load had stalled every test in the
    /// process for about 20 s at the start of a full run).
    public static func embedder() async throws -> MiniLMEmbedder {
        guard MiniLMEmbedder.isInstalled(at: directory) else { throw Missing() }
        return try await shared.value
    }

    static let shared = Task { try await MiniLMEmbedder.load(directory: directory) }
}

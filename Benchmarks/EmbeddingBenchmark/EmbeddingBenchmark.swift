import AIProviders
import Foundation
import MiniLM

/// Measures the offline embedder on one core: a short sentence, a batch of 64, tokenization alone.
/// Run with `swift run -c release embedding-benchmark [model-dir]`.
@main
enum EmbeddingBenchmark {
    static func main() throws {
        let directory = CommandLine.arguments.dropFirst().first ?? "models/python/\(MiniLMEmbedder.wheelModelSubpath)"
        guard MiniLMEmbedder.isInstalled(at: directory) else {
            FileHandle.standardError.write(Data("MiniLM weights not found at \(directory); run scripts/models first\n".utf8))
            exit(1)
        }
        let loadStart = ContinuousClock.now
        let embedder = try MiniLMEmbedder(directory: directory)
        let loadTime = ContinuousClock.now - loadStart

        let short = "She keeps talking about the pottery classes downtown and wants to try one together."
        let tokens = embedder.tokenizer.encode(short).count
        let batch = (0..<64).map { "Hint number \($0): he mentioned wanting a vintage record player for his vinyl collection." }

        func milliseconds(_ duration: Duration) -> Double {
            Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        }
        func median(_ runs: Int, _ body: () -> Void) -> Double {
            for _ in 0..<3 { body() }
            var samples: [Double] = []
            for _ in 0..<runs {
                let start = ContinuousClock.now
                body()
                samples.append(milliseconds(ContinuousClock.now - start))
            }
            return samples.sorted()[runs / 2]
        }

        let single = median(100) { _ = embedder.embedSynchronously(short) }
        let batch64 = median(5) { for text in batch { _ = embedder.embedSynchronously(text) } }
        let tokenize = median(1000) { _ = embedder.tokenizer.encode(short) }
        let hashing = HashingEmbedder()
        let hashed = median(1000) { _ = hashing.vector(for: short) }

        print("model load:                 \(String(format: "%.0f", milliseconds(loadTime))) ms")
        print("one sentence (\(tokens) tokens):   \(String(format: "%.2f", single)) ms median (one core)")
        print("batch of 64 (~22 tokens):   \(String(format: "%.1f", batch64)) ms (\(String(format: "%.2f", batch64 / 64)) ms per sentence)")
        print("tokenization alone:         \(String(format: "%.3f", tokenize)) ms")
        print("hashing fallback embedder:  \(String(format: "%.3f", hashed)) ms")
    }
}

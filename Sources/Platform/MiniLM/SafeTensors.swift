import Foundation

/// Reads the tensors of a `.safetensors` file (an 8-byte little-endian header length, a JSON header
/// naming each tensor's dtype, shape and byte range, then the raw little-endian data).
public struct SafeTensors: Sendable {
    public struct Tensor: Sendable {
        public let shape: [Int]
        public let values: [Float]
    }

    public enum LoadError: Error, CustomStringConvertible {
        case unreadable(String)
        case malformed(String)
        case missing(String)
        case wrongShape(String, expected: [Int], actual: [Int])

        public var description: String {
            switch self {
            case .unreadable(let path): "cannot read \(path)"
            case .malformed(let why): "malformed safetensors file: \(why)"
            case .missing(let name): "tensor \(name) is missing"
            case .wrongShape(let name, let expected, let actual): "tensor \(name) has shape \(actual), expected \(expected)"
            }
        }
    }

    public let tensors: [String: Tensor]

    /// Loads every F32 tensor of the file (others, like BERT's int64 `position_ids`, are skipped).
    public init(contentsOf path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else { throw LoadError.unreadable(path) }
        guard data.count >= 8 else { throw LoadError.malformed("shorter than its header") }
        let headerLength = data.prefix(8).enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
        guard headerLength > 0, 8 + headerLength <= data.count,
            let header = try JSONSerialization.jsonObject(with: data.subdata(in: 8..<(8 + headerLength))) as? [String: Any]
        else { throw LoadError.malformed("unreadable header") }
        let base = 8 + headerLength
        var tensors: [String: Tensor] = [:]
        for (name, value) in header where name != "__metadata__" {
            guard let info = value as? [String: Any], let dtype = info["dtype"] as? String,
                let shape = info["shape"] as? [Int], let offsets = info["data_offsets"] as? [Int], offsets.count == 2
            else { throw LoadError.malformed("bad entry for \(name)") }
            guard dtype == "F32" else { continue }
            let start = base + offsets[0], end = base + offsets[1]
            let count = shape.reduce(1, *)
            guard start <= end, end <= data.count, end - start == count * 4 else { throw LoadError.malformed("bad byte range for \(name)") }
            var values = [Float](repeating: 0, count: count)
            values.withUnsafeMutableBytes { destination in
                data.copyBytes(to: destination, from: start..<end)
            }
            #if _endian(big)
                values = values.map { Float(bitPattern: UInt32(littleEndian: $0.bitPattern)) }
            #endif
            tensors[name] = Tensor(shape: shape, values: values)
        }
        self.tensors = tensors
    }

    /// The tensor called `name`, checked to have `shape`.
    public func tensor(_ name: String, shape: [Int]) throws -> [Float] {
        guard let tensor = tensors[name] else { throw LoadError.missing(name) }
        guard tensor.shape == shape else { throw LoadError.wrongShape(name, expected: shape, actual: tensor.shape) }
        return tensor.values
    }
}

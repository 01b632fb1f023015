import Foundation

extension JSONEncoder {
    /// The wire encoder: ISO 8601 UTC timestamps, stable key order. Wire types spell their
    /// snake_case keys in explicit `CodingKeys` (a key strategy would convert every key of every
    /// response again, which profiling showed to cost a tenth of a hint list's time).
    public static let api: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(ISO8601.string(from: date))
        }
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}

extension JSONDecoder {
    /// The wire decoder, mirror of ``Foundation/JSONEncoder/api``.
    public static let api: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = ISO8601.date(from: text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: ISO8601.requirement)
            }
            return date
        }
        return decoder
    }()
}

import Foundation
import PlatformAPI

/// The server's JSON conventions in one place: ISO 8601 UTC timestamps (with or without fractional
/// seconds on input; milliseconds on output, as the server writes them). Wire types spell their
/// snake_case keys themselves (PlatformAPI and each app's contract module), so the decoder converts no keys; the encoder
/// still writes client-only types (the CLI's `--json` output) in snake_case.
public enum WireFormat {
    /// A decoder for server responses.
    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = parseDate(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "Expected an ISO 8601 timestamp, got \(text)")
            }
            return date
        }
        return decoder
    }

    /// An encoder for request bodies and `--json` output.
    public static func encoder(pretty: Bool = false) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(formatDate(date))
        }
        encoder.userInfo[.omitsNullFields] = true
        encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// An encoder for request bodies of contract types, which spell their own keys: no key
    /// conversion (a `notificationLeadTime` stays as it is), ISO 8601 dates with milliseconds.
    public static func requestEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(formatDate(date))
        }
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// Parses `2026-11-21T18:57:27.123Z` or `2026-11-21T18:57:27Z` (any offset): the server's
    /// own instant parser (``ISO8601/date(from:)``), so both sides accept the same texts.
    public static func parseDate(_ text: String) -> Date? {
        ISO8601.date(from: text)
    }

    /// Formats `date` as the server does: UTC with milliseconds — to the nearest one, so a date read
    /// from the wire is written back exactly as it came (an offline store's `updated_at` must stay
    /// the version the server has).
    public static func formatDate(_ date: Date) -> String {
        ISO8601.string(nearestMillisecondOf: date)
    }
}

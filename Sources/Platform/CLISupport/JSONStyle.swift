import ClientCore
import Foundation

/// The two JSON shapes a CLI prints under `--json`.
public enum JSONStyle: Sendable {
    /// Exactly as the API writes it: the contract's own keys, `null` for empty fields, timestamps
    /// to the millisecond.
    case asServed
    /// Keys in snake_case and empty fields left out (``WireFormat/encoder(pretty:)``): the CLI's own
    /// reports, and some apps' `--json` throughout.
    case snakeCase
}

/// Prints `value` as pretty JSON (sorted keys, slashes unescaped) in `style`.
public func printJSON(_ value: some Encodable, _ style: JSONStyle = .asServed) throws {
    let encoder: JSONEncoder
    switch style {
    case .snakeCase:
        encoder = WireFormat.encoder(pretty: true)
    case .asServed:
        encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(WireFormat.formatDate(date))
        }
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    }
    print(String(decoding: try encoder.encode(value), as: UTF8.self))
}

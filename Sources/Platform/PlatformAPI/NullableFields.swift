import Foundation

extension CodingUserInfoKey {
    /// Set to `true` on an encoder to leave absent optional fields out instead of writing `null`.
    /// The server always writes `null` (clients see every field); a client's own output (the CLI's
    /// `--json`) keeps its shorter form.
    public static let omitsNullFields = CodingUserInfoKey(rawValue: "platform.omitsNullFields")!
}

extension KeyedEncodingContainer {
    /// Writes `value`, or `null` when it is absent unless `encoder` asks for ``Foundation/CodingUserInfoKey/omitsNullFields``.
    public mutating func encodeNullable<Value: Encodable>(_ value: Value?, forKey key: Key, in encoder: any Encoder) throws {
        if value == nil, encoder.userInfo[.omitsNullFields] as? Bool == true { return }
        try encode(value, forKey: key)
    }
}

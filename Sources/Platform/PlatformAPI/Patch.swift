import Foundation

extension KeyedDecodingContainer {
    /// Reads `key` as a ``PatchValue``: missing → `.unchanged`, `null` → `.cleared`, else the value
    /// (a value of the wrong type fails as `decode` would).
    public func decodePatch<Value: Decodable & Sendable & Equatable>(_ type: Value.Type, forKey key: Key) throws -> PatchValue<Value> {
        guard contains(key) else { return .unchanged }
        if try decodeNil(forKey: key) { return .cleared }
        return .set(try decode(Value.self, forKey: key))
    }
}

extension KeyedEncodingContainer {
    /// Writes `patch` as a partial update sends it: `.unchanged` leaves the key out, `.cleared`
    /// writes `null`, `.set` writes the value.
    public mutating func encodePatch<Value: Encodable & Sendable & Equatable>(_ patch: PatchValue<Value>, forKey key: Key) throws {
        switch patch {
        case .unchanged: break
        case .cleared: try encodeNil(forKey: key)
        case .set(let value): try encode(value, forKey: key)
        }
    }
}

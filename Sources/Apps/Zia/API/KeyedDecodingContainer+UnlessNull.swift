import Foundation
import PlatformAPI

extension KeyedDecodingContainer {
    /// Reads `key` when present and not `null`; a `null` adds the key's name to `nulls`.
    func decodeUnlessNull<Value: Decodable & Sendable & Equatable>(_ type: Value.Type, forKey key: Key, nulls: inout [String]) throws -> Value? {
        switch try decodePatch(type, forKey: key) {
        case .unchanged: return nil
        case .cleared:
            nulls.append(key.stringValue)
            return nil
        case .set(let value): return value
        }
    }
}

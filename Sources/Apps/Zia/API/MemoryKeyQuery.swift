import Foundation
import PlatformAPI

/// The query of `DELETE /memory`: the key of the memory to forget (``MemoryRules/requireKey(_:_:)``).
public struct MemoryKeyQuery: RouteQuery, Equatable {
    public var key: String

    public init(key: String) {
        self.key = key
    }

    public static let parameters: [QueryParameter] = [QueryParameter("key", required: true)]

    /// `key` required, a memory key by ``MemoryRules``.
    public static func read(_ query: QueryValues, _ v: inout Validator) -> MemoryKeyQuery {
        MemoryKeyQuery(key: MemoryRules.requireKey(query["key"], &v) ?? "")
    }

    public var queryItems: [URLQueryItem] { [URLQueryItem(name: "key", value: key)] }
}

import Foundation
import PlatformAPI

/// The query of `GET /memory`: only one domain's memories, or all.
public struct MemoryQuery: RouteQuery, Equatable {
    public var domain: MemoryDomain?

    public init(domain: MemoryDomain? = nil) {
        self.domain = domain
    }

    public static let parameters: [QueryParameter] = [QueryParameter("domain")]

    /// `domain` one of ``MemoryDomain`` when given.
    public static func read(_ query: QueryValues, _ v: inout Validator) -> MemoryQuery {
        MemoryQuery(domain: query["domain"].flatMap { v.requireEnum($0, "domain", as: MemoryDomain.self) })
    }

    public var queryItems: [URLQueryItem] { domain.map { [URLQueryItem(name: "domain", value: $0.rawValue)] } ?? [] }
}

import Foundation
import PlatformAPI

/// The query of a shared recommendation's page, `GET /recommendation/{id}?sig=…`: the link's
/// signature, which the server checks; without a valid one the page shows nothing of it. A link
/// picks up other parameters on its way (`utm_source` from a messenger, `fbclid`): the page ignores them.
public struct ShareSignatureQuery: RouteQuery, Equatable {
    public var sig: String?

    public init(sig: String? = nil) {
        self.sig = sig
    }

    public static let parameters: [QueryParameter] = [
        QueryParameter("sig"), .othersIgnored(description: "Any other parameter a shared link picks up on its way (`utm_source`, `fbclid`…): ignored"),
    ]

    /// Any text: a wrong signature is not an error, the page just shows no recommendation.
    public static func read(_ query: QueryValues, _ v: inout Validator) -> ShareSignatureQuery {
        ShareSignatureQuery(sig: query["sig"])
    }

    public var queryItems: [URLQueryItem] { sig.map { [URLQueryItem(name: "sig", value: $0)] } ?? [] }
}

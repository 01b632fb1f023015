import AsyncHTTPClient
import Crypto
import Foundation
import JWTKit
import Logging
import NIOCore
import PlatformCore

/// Fetches JWKS with AsyncHTTPClient, with a timeout and a size cap.
public struct HTTPJWKSFetcher: JWKSFetching {
    let client: HTTPClient

    public init(client: HTTPClient = .shared) { self.client = client }

    public func fetch(url: String) async throws -> JWKS {
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "Accept", value: "application/json")
        let response = try await client.execute(request, timeout: .seconds(10))
        guard response.status == .ok else {
            throw IdentityTokenError.keysUnavailable("JWKS endpoint answered \(response.status.code)")
        }
        let body = try await response.body.collect(upTo: 1 << 20)
        return try JSONDecoder().decode(JWKS.self, from: Data(buffer: body))
    }
}

import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// Checks that a recommendation's link still answers (docs/knot.md, "How Knot picks"): HEAD, GET
/// when HEAD is not allowed (405), 2xx/3xx is available, 5 s timeout. Items from the offline catalog
/// are trusted without a network call, so the embedded default works with no network at all.
public struct AvailabilityChecker: Sendable {
    let client: HTTPClient
    let timeout: TimeAmount

    public init(client: HTTPClient = .shared, timeout: TimeAmount = .seconds(5)) {
        self.client = client
        self.timeout = timeout
    }

    public func isAvailable(_ candidate: Candidate) async -> Bool {
        if candidate.source == .catalog { return true }
        guard let url = candidate.externalURL, let parsed = URL(string: url), ["http", "https"].contains(parsed.scheme ?? "") else { return false }
        guard let headStatus = await status(url, method: .HEAD) else { return false }
        if headStatus == 405 {
            guard let fallback = await status(url, method: .GET) else { return false }
            return (200..<400).contains(fallback)
        }
        return (200..<400).contains(headStatus)
    }

    func status(_ url: String, method: HTTPMethod) async -> Int? {
        var request = HTTPClientRequest(url: url)
        request.method = method
        request.headers.add(name: "User-Agent", value: "Knot link checker")
        do {
            let response = try await client.execute(request, timeout: timeout)
            _ = try? await response.body.collect(upTo: 1 << 16)
            return Int(response.status.code)
        } catch {
            return nil
        }
    }
}

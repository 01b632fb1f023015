import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds the client's address for per-client limits. Behind a reverse proxy every request comes
/// from the proxy, so when the socket peer is one of the configured trusted proxies the address is
/// taken from `X-Forwarded-For`: the right-most entry that is not itself a trusted proxy (entries
/// further left are written by the client and cannot be trusted). With no trusted proxies the
/// header is ignored, so a client cannot choose its own rate-limit bucket.
public struct ClientAddressResolver: Sendable {
    /// One trusted network: an address and how many leading bits must match.
    struct Network: Sendable, Equatable {
        var bytes: [UInt8]
        var prefix: Int

        func contains(_ address: [UInt8]) -> Bool {
            guard address.count == bytes.count else { return false }
            var remaining = prefix
            for (a, b) in zip(address, bytes) {
                if remaining <= 0 { return true }
                let bits = min(8, remaining)
                let mask: UInt8 = bits == 8 ? 0xFF : ~(0xFF >> UInt8(bits))
                if a & mask != b & mask { return false }
                remaining -= bits
            }
            return true
        }
    }

    let trusted: [Network]

    /// No trusted proxies: the socket peer is the client.
    public static let direct = ClientAddressResolver(networks: [])

    init(networks: [Network]) { trusted = networks }

    /// - Parameter trustedProxies: addresses or CIDR ranges (`10.0.0.0/8`, `::1`, `fd00::/8`).
    ///   Throws on an entry that is neither.
    public init(trustedProxies: [String] = []) throws {
        trusted = try trustedProxies.map { entry in
            let parts = entry.trimmingCharacters(in: .whitespaces).split(separator: "/", maxSplits: 1)
            guard let first = parts.first, let bytes = Self.parse(String(first)) else { throw InvalidProxy(entry: entry) }
            let maximum = bytes.count * 8
            let prefix = parts.count == 2 ? Int(parts[1]) : maximum
            guard let prefix, (0...maximum).contains(prefix) else { throw InvalidProxy(entry: entry) }
            return Network(bytes: bytes, prefix: prefix)
        }
    }

    public struct InvalidProxy: Error, CustomStringConvertible {
        public let entry: String
        public var description: String { "'\(entry)' is not an IP address or CIDR range" }
    }

    /// The client's address given the socket peer and the request's `X-Forwarded-For` values.
    public func client(peer: String?, forwardedFor: [String]) -> String {
        guard let peer, isTrusted(peer) else { return peer ?? "unknown" }
        let hops = forwardedFor.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        for hop in hops.reversed() where !isTrusted(hop) {
            return Self.parse(hop) != nil ? hop : peer
        }
        return hops.first ?? peer
    }

    func isTrusted(_ address: String) -> Bool {
        guard let bytes = Self.parse(address) else { return false }
        return trusted.contains { $0.contains(bytes) }
    }

    /// The address's bytes (4 for IPv4, 16 for IPv6), or nil when it is not an address.
    static func parse(_ text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            return withUnsafeBytes(of: &v4) { Array($0) }
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 {
            return withUnsafeBytes(of: &v6) { Array($0) }
        }
        return nil
    }
}

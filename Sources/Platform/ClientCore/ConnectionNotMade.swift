import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A transport could not open a connection to the server (refused, no route, no such host, no
/// network): nothing of the request left the device, so any request — a POST too — may be sent
/// again. ``APIClient`` retries it by its policy and reports it as ``ClientError/offline(_:)``; a
/// failure after the connection opened (a timeout, a connection lost) is that error directly, and
/// only idempotent requests are retried after it. Transports (and test transports) throw it.
public struct ConnectionNotMade: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }

    /// The URLSession failures that happen before anything is sent.
    static let codes: Set<URLError.Code> = [.cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet]
}

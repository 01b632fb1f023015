import AsyncHTTPClient
import ClientCore
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// One AsyncHTTPClient per timeout, for the life of the process: connections are pooled across
/// every transport of that timeout, and a client that is never released needs no shutdown.
enum SharedClients {
    private static let clients = Mutex<[Int64: HTTPClient]>([:])
    /// The longest timeout a transport takes (a year): longer ones, `.infinity` included, are this.
    static let longest: TimeInterval = 365 * 86_400

    static func client(timeout: TimeInterval) -> HTTPClient {
        let milliseconds = Int64(timeout * 1_000)
        return clients.withLock { clients in
            if let client = clients[milliseconds] { return client }
            // At most 128 connections per server: more would overflow a listener's accept backlog
            // (Hummingbird's is 256) when a thousand requests start at once; the rest wait their turn.
            var configuration = HTTPClient.Configuration(
                redirectConfiguration: .follow(max: 5, allowCycles: false),
                timeout: .init(connect: .milliseconds(min(milliseconds, 10_000)), read: .milliseconds(milliseconds), write: .milliseconds(milliseconds)),
                connectionPool: .init(idleTimeout: .seconds(30), concurrentHTTP1ConnectionsPerHostSoftLimit: 128))
            // A refused connection fails the request at once (the SDK's retry policy decides what then),
            // instead of being retried until the connect timeout.
            configuration.connectionPool.retryConnectionEstablishment = false
            configuration.decompression = .disabled
            let client = HTTPClient(eventLoopGroupProvider: .shared(MultiThreadedEventLoopGroup.singleton), configuration: configuration)
            clients[milliseconds] = client
            return client
        }
    }
}

import Foundation

/// A TCP port on 127.0.0.1 that accepts connections and never answers: the kernel completes the
/// handshake from the listen backlog, nothing ever reads or writes. What a hung server looks like
/// to a client, for tests of request timeouts and deadlines. Closed when `body` returns.
public func withSilentServer<T>(_ body: (Int) async throws -> T) async throws -> T {
    let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw SilentServerUnavailable() }
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    try withUnsafeMutablePointer(to: &address) { pointer in
        try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
            guard bind(socket, raw, length) == 0, listen(socket, 16) == 0, getsockname(socket, raw, &length) == 0 else { throw SilentServerUnavailable() }
        }
    }
    return try await body(Int(UInt16(bigEndian: address.sin_port)))
}

/// The silent port could not be opened.
public struct SilentServerUnavailable: Error {}

import AsyncHTTPTransport
import ClientCore
import Foundation

/// The transport every command-line client sends with: ``AsyncHTTPClientTransport`` (SwiftNIO),
/// one way for all of them. Exists because a CLI runs on Linux, where URLSession crashed on a
/// Ctrl-C or timeout racing a completion; the SDKs themselves keep URLSession for Apple platforms.
public enum CommandLineTransport {
    /// A transport whose waits for the server's bytes are bounded by `timeout` seconds.
    public static func make(timeout: TimeInterval = 60) -> any HTTPTransport {
        AsyncHTTPClientTransport(timeout: timeout)
    }
}

import AsyncHTTPClient
import Foundation
import NIOCore
import NIOFoundationCompat
import NIOHTTP1

/// Why a call of ``OutboundHTTPClient`` failed. URLs are shown without their query (where API keys
/// often travel).
public enum OutboundHTTPError: Error, CustomStringConvertible, Sendable {
    /// No answer within the call's deadline.
    case timeout(url: String, deadline: Duration)
    /// An answer other than 2xx, after any retries (or a retry the server asked to wait too long for).
    case status(Int, body: Data, url: String)
    /// The answer could not be read as what was asked for (or was too large).
    case undecodable(url: String, reason: String)
    /// The connection failed (refused, reset, TLS).
    case transport(url: String, reason: String)

    public var description: String {
        switch self {
        case .timeout(let url, let deadline): "\(url) did not answer within \(deadline)"
        case .status(let status, let body, let url): "\(url) answered \(status)\(body.isEmpty ? "" : ": \(String(decoding: body.prefix(200), as: UTF8.self))")"
        case .undecodable(let url, let reason): "unreadable answer from \(url): \(reason)"
        case .transport(let url, let reason): "\(url) could not be reached: \(reason)"
        }
    }

    /// `url` without its query.
    static func shown(_ url: String) -> String { String(url.split(separator: "?", maxSplits: 1).first ?? "") }
}

import Foundation
import Hummingbird
import Logging
import NIOHTTP1

/// The id of the request a task is serving, for log lines: ``RequestIDMiddleware`` sets it for the
/// request's task (and the tasks it starts), and ``metadataProvider`` adds it as `request_id` to a
/// line only when one is written, whichever logger writes it.
///
/// Why not the request logger's metadata: setting a key copies the logger's storage, its handler and
/// the metadata dictionary, on every request, though at the usual levels most requests write no
/// line — about 5 % of the cooperative pool's work on the hint read (issue 13).
public enum RequestLogContext {
    @TaskLocal public static var requestID: String?

    /// `request_id` for a line written while a request is served; nothing otherwise.
    public static let metadataProvider = Logger.MetadataProvider {
        requestID.map { ["request_id": .string($0)] } ?? [:]
    }
}

import Logging
import PlatformCore

/// The server's log handler: `StreamLogHandler`'s output on standard error, but the logger's
/// metadata is formatted only when a line is written.
///
/// `StreamLogHandler` formats its whole metadata dictionary into a string every time a key is set.
/// Every request sets one (Hummingbird's `hb.request.id`; our `request_id` comes from a
/// metadata provider), so at the usual log
/// levels, where most requests write nothing, that formatting was pure cost: about 2 % of the
/// server's CPU on the hints read (issue 13). Here setting a key is a dictionary write, and a line
/// that is written looks exactly as `StreamLogHandler` writes it.
public struct DeferredMetadataLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    private let label: String
    private let makeWriter: @Sendable (String, Logger.MetadataProvider?) -> StreamLogHandler

    /// `makeWriter` makes the `StreamLogHandler` that formats and writes a line (standard error
    /// unless a test captures the output).
    public init(
        label: String,
        metadataProvider: Logger.MetadataProvider? = LoggingSystem.metadataProvider,
        makeWriter: @escaping @Sendable (String, Logger.MetadataProvider?) -> StreamLogHandler = StreamLogHandler.standardError(label:metadataProvider:)
    ) {
        self.label = label
        self.metadataProvider = metadataProvider
        self.makeWriter = makeWriter
    }

    /// Makes this handler the process's default, lines carrying the id of the request being served
    /// (``PlatformCore/RequestLogContext``); call once, before the first `Logger` is made.
    public static func bootstrap() {
        LoggingSystem.bootstrap(
            { label, provider in DeferredMetadataLogHandler(label: label, metadataProvider: provider) }, metadataProvider: RequestLogContext.metadataProvider)
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var writer = makeWriter(label, metadataProvider)
        writer.logLevel = logLevel
        writer.metadata = metadata
        writer.log(event: event)
    }
}

import Logging
import PlatformCore

/// Every log event a ``Logger`` from ``CapturedLogs/logger(label:)`` emits, kept for a test to
/// inspect (for example, that no personal data is logged).
public final class CapturedLogs: Sendable {
    /// One emitted event: level, message and metadata rendered as text.
    public struct Record: Sendable {
        public let level: Logger.Level
        public let message: String
        public let metadata: [String: String]

        /// The message and every metadata value, for "is X mentioned anywhere" checks.
        public var allText: String { ([message] + metadata.map { "\($0.key)=\($0.value)" }).joined(separator: " ") }
    }

    private let storage = LockedValue<[Record]>([])

    public init() {}

    public var records: [Record] { storage.value }

    /// A logger at `trace` level whose events land here.
    public func logger(label: String = "test") -> Logger {
        var logger = Logger(label: label) { _ in Handler(sink: self) }
        logger.logLevel = .trace
        return logger
    }

    fileprivate func append(_ record: Record) {
        storage.withLock { $0.append(record) }
    }

    struct Handler: LogHandler {
        let sink: CapturedLogs
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let merged = metadata.merging(event.metadata ?? [:]) { $1 }
            sink.append(Record(level: event.level, message: event.message.description, metadata: merged.mapValues { "\($0)" }))
        }
    }
}

import Foundation

/// An ``OutboxStore`` in one JSON file (``FileDocument``).
public struct FileOutboxStore: OutboxStore {
    public let fileURL: URL

    public init(fileURL: URL) { self.fileURL = fileURL }

    public func load() throws -> OutboxQueue { try FileDocument<OutboxQueue>(fileURL: fileURL).load() ?? OutboxQueue() }

    public func save(_ queue: OutboxQueue) throws { try FileDocument<OutboxQueue>(fileURL: fileURL).save(queue) }
}

import AsyncHTTPClient
import ClientCore
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// An upload's body in chunks, reporting the share handed to the connection as each chunk is asked
/// for (AsyncHTTPClient asks for the next one once the previous was written).
struct UploadChunks: AsyncSequence, Sendable {
    static let chunkSize = 64 * 1024
    typealias Element = ByteBuffer
    let data: Data
    let reporting: @Sendable (Double) -> Void

    init(_ data: Data, reporting: @escaping @Sendable (Double) -> Void) {
        self.data = data
        self.reporting = reporting
    }

    func makeAsyncIterator() -> Iterator { Iterator(data: data, reporting: reporting) }

    struct Iterator: AsyncIteratorProtocol {
        let data: Data
        let reporting: @Sendable (Double) -> Void
        var offset = 0

        mutating func next() async throws -> ByteBuffer? {
            guard offset < data.count else { return nil }
            if offset > 0 { reporting(Swift.min(0.99, Double(offset) / Double(data.count))) }
            let end = Swift.min(offset + UploadChunks.chunkSize, data.count)
            defer { offset = end }
            let start = data.startIndex + offset
            return ByteBuffer(bytes: data[start..<(data.startIndex + end)])
        }
    }
}
